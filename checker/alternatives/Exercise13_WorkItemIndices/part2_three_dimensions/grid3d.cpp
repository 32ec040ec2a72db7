// Exercise 13, part 2, another shape: the rounding written out per dimension in a loop, and the
// command enqueued through the C API with the kernel's handle.
#include <algorithm>
#include <vector>

#include "hoc/common/errors.hpp"
#include "smooth3d.hpp"

cl::Event enqueueOverGrid(cl::CommandQueue& queue, const cl::Kernel& kernel, const Grid& grid, const Sizes3& local)
{
    const std::size_t sizes[3] = {grid.nx, grid.ny, grid.nz};
    std::size_t global[3];
    for (int d = 0; d < 3; ++d) {
        const std::size_t groups = sizes[d] / local[d] + (sizes[d] % local[d] != 0 ? 1 : 0);
        global[d] = groups * local[d];
    }
    cl_event event = nullptr;
    const cl_int status = clEnqueueNDRangeKernel(queue(), kernel(), 3, nullptr, global, local.data(), 0, nullptr,
                                                 &event);
    if (status != CL_SUCCESS)
        throw cl::Error(status, "clEnqueueNDRangeKernel");
    return cl::Event(event);  // takes over the reference the call made
}

// The quiz by walking the array: every int before arr3d[1][1][3] counted, 4 bytes each.
std::size_t quizAddress()
{
    std::size_t before = 0;
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 2; ++j)
            for (std::size_t k = 0; k < 4; ++k)
                if (i < 1 || (i == 1 && (j < 1 || (j == 1 && k < 3))))
                    ++before;
    return 100 + 4 * before;
}

// Step 3 by placing the first warp's cells: work-item t of a work-group of (gx, gy, gz) is at local
// ids (t % gx, t / gx % gy, t / (gx * gy)); its cell's float index from the work-group's first cell,
// and the sectors of 8 floats those indices fall in, counted.
StepThreePrediction stepThreePrediction()
{
    const std::size_t n = 256;
    const auto offset = [&](const Sizes3& g, std::size_t t) {
        return (t / (g[0] * g[1]) * n + t / g[0] % g[1]) * n + t % g[0];
    };
    const auto sectors = [&](const Sizes3& g) {
        std::vector<std::size_t> seen;
        for (std::size_t t = 0; t < 32; ++t) {
            const std::size_t sector = offset(g, t) / 8;
            if (std::find(seen.begin(), seen.end(), sector) == seen.end())
                seen.push_back(sector);
        }
        return seen.size();
    };
    const Sizes3 wide = {32, 4, 2}, thin = {1, 16, 16};
    StepThreePrediction prediction;
    prediction.floatsApart32x4x2 = offset(wide, 1) - offset(wide, 0);
    prediction.floatsApart1x16x16 = offset(thin, 1) - offset(thin, 0);
    prediction.sectors32x4x2 = sectors(wide);
    prediction.sectors1x16x16 = sectors(thin);
    return prediction;
}
