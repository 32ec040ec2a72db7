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

// The quiz: arr3d[1][1][3] has one block of 2 x 4 ints before it, one row of 4 and 3 ints: 15 ints,
// 60 bytes after arr3d[0][0][0].
std::size_t quizAddress() { return 100 + (1 * 2 * 4 + 1 * 4 + 3) * sizeof(int); }

// Step 3: in 32x4x2, work-item 1 is the next x (1 float on) and the first warp is x = 0 to 31 of one
// row, 128 bytes; in 1x16x16 it is the next y (a row, 256 floats, on) and the first warp is 16 rows
// of two planes, each cell in a sector of its own.
StepThreePrediction stepThreePrediction()
{
    StepThreePrediction prediction;
    prediction.floatsApart32x4x2 = 1;
    prediction.floatsApart1x16x16 = 256;
    prediction.sectors32x4x2 = 32 * sizeof(float) / 32;
    prediction.sectors1x16x16 = 32;
    return prediction;
}
