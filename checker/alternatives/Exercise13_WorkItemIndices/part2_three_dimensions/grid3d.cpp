// Exercise 13, part 2, another shape: the rounding written out per dimension in a loop, and the
// command enqueued through the C API with the kernel's handle.
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
