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

// Before step 1 of the README: 004's quiz, worked out before you write the kernel (the tests check it).
std::size_t quizAddress()
{
    // TODO: how many ints lie before arr3d[1][1][3], and so at which byte address it starts.
    return 0;
}

// Step 3 of the README: your prediction, worked out before you run anything (the tests check it).
StepThreePrediction stepThreePrediction()
{
    StepThreePrediction prediction;
    // TODO: for each of the two shapes, the work-item numbered 1 after work-item 0 of a work-group
    //       (which local ids does it have?), how far its cell lies from work-item 0's, and which
    //       cells the 32 work-items of the first warp read.
    return prediction;
}
