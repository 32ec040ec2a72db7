// Exercise 13, part 2: the NDRange of a 3D grid.
#include "hoc/common/device.hpp"
#include "smooth3d.hpp"

// Step 5: one work-item per cell, x in dimension 0, y in 1, z in 2, in work-groups of `local`.
cl::Event enqueueOverGrid(cl::CommandQueue& queue, const cl::Kernel& kernel, const Grid& grid, const Sizes3& local)
{
    const cl::NDRange global(hoc::roundUp(grid.nx, local[0]), hoc::roundUp(grid.ny, local[1]),
                             hoc::roundUp(grid.nz, local[2]));
    cl::Event done;
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, cl::NDRange(local[0], local[1], local[2]), nullptr,
                               &done);
    return done;
}
