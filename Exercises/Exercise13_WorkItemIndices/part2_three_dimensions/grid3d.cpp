// Exercise 13, part 2: the NDRange of a 3D grid.
#include "smooth3d.hpp"

// Step 5: one work-item per cell, x in dimension 0, y in 1, z in 2, in work-groups of `local`.
cl::Event enqueueOverGrid([[maybe_unused]] cl::CommandQueue& queue, [[maybe_unused]] const cl::Kernel& kernel,
                          [[maybe_unused]] const Grid& grid, [[maybe_unused]] const Sizes3& local)
{
    // TODO: a global range of three sizes, each the grid's size in that dimension rounded up to a
    //       whole number of work-groups (hoc::roundUp, hoc/common/device.hpp), and the local range;
    //       cl::NDRange takes one, two or three sizes, dimension 0 first. Enqueue the kernel over
    //       them (queue.enqueueNDRangeKernel, whose last argument receives the event) and return
    //       the event.
    return cl::Event();
}
