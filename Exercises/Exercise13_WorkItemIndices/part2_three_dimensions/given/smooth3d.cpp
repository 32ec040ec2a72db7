// Exercise 13, part 2: the host side of the 3D smoothing step.
#include "smooth3d.hpp"

#include <limits>

#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

std::string Grid::text() const { return std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz); }

std::string sizesText(const Sizes3& sizes)
{
    return std::to_string(sizes[0]) + "x" + std::to_string(sizes[1]) + "x" + std::to_string(sizes[2]);
}

Smooth3d::Smooth3d(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: the smoothing kernel.
      program_(hoc::buildProgram(context_, device, "smooth3d.cl"))
{
}

SmoothRun Smooth3d::run(const std::vector<float>& h_in, const Grid& grid, const Sizes3& local,
                        const hoc::Repeats& repeats)
{
    const std::size_t sides[3] = {grid.nx, grid.ny, grid.nz};
    for (const std::size_t side : sides)
        if (side == 0 || side > kMaxSide || h_in.size() != grid.cells())
            throw hoc::Failure("smooth3d: a grid of " + grid.text() + " with " + std::to_string(h_in.size()) +
                               " values; need sides of 1 to 2^32 - 1 cells and one value per cell");
    cl::Kernel kernel(program_, "smooth");
    const auto [lx, ly, lz] = local;
    hoc::requireWorkGroupSize3D(kernel, device_, lx, ly, lz, "work-groups of " + sizesText(local));

    // 3. Memory: the grid in; the result filled with NaN first, so that a cell never written shows.
    const std::size_t bytes = sizeof(float) * grid.cells();
    cl::Buffer d_in(queue_, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context_, CL_MEM_WRITE_ONLY, bytes);
    queue_.enqueueFillBuffer(d_out, std::numeric_limits<float>::quiet_NaN(), 0, bytes);

    // 4. Kernel arguments: the weight 1/7 makes an inner cell the mean of the seven values.
    kernel.setArg(0, d_in);
    kernel.setArg(1, d_out);
    kernel.setArg(2, static_cast<cl_uint>(grid.nx));
    kernel.setArg(3, static_cast<cl_uint>(grid.ny));
    kernel.setArg(4, static_cast<cl_uint>(grid.nz));
    kernel.setArg(5, 1.0f / 7.0f);

    // 5. Commands: your 3D NDRange, timed; then the result back.
    SmoothRun result;
    result.seconds = hoc::medianSeconds(repeats, [&] {
        const cl::Event done = enqueueOverGrid(queue_, kernel, grid, local);
        if (done() == nullptr)
            throw hoc::Failure("part2_three_dimensions/grid3d.cpp: enqueueOverGrid returned no event: enqueue the "
                               "kernel and return the "
                               "event enqueueNDRangeKernel gives");
        return hoc::EventSpan{done, done};
    });
    result.out.resize(grid.cells());
    cl::copy(queue_, d_out, result.out.begin(), result.out.end());
    return result;
}
