// Exercise 13, part 2: a 3D grid stored flat, and a kernel over a 3D NDRange (smooth3d.cl).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/index_grids.hpp"

// A grid of nx x ny x nz cells, stored as C stores float grid[nz][ny][nx] (x fastest).
struct Grid {
    std::size_t nx = 1, ny = 1, nz = 1;
    std::size_t cells() const { return nx * ny * nz; }
    std::string text() const;  // "37x19x11"
};

// Three sizes, dimension 0 first: a work-group's shape, an NDRange.
using Sizes3 = std::array<std::size_t, 3>;
std::string sizesText(const Sizes3& sizes);  // "8x4x4"

// The largest side of a grid: the kernel takes nx, ny and nz as uints. (How many cells fit is the
// device's and the host's memory: checked before the run.)
constexpr std::size_t kMaxSide = 0xffffffffu;

// Before step 1 (grid3d.cpp): 004's quiz "C 3D Array Memory Layout", your answer: the address of
// arr3d[1][1][3] in int arr3d[3][2][4], whose first int lies at address 100 (an int is 4 bytes;
// addresses count bytes). 0: not answered yet.
std::size_t quizAddress();

// Step 3's prediction (grid3d.cpp), made before any run, for a 256 x 256 x 256 grid and warps of 32
// work-items (a work-group's work-items numbered with dimension 0 fastest, then 1, then 2): for
// work-groups of 32x4x2 and of 1x16x16, how many floats apart in memory lie the cells of a
// work-group's work-items 0 and 1, and how many 32-byte sectors the reads of the first warp of a
// work-group touch, each work-item reading its own cell (the work-group's first cell at the start of
// a sector). 0 everywhere: not made yet.
struct StepThreePrediction {
    std::size_t floatsApart32x4x2 = 0, floatsApart1x16x16 = 0;
    std::size_t sectors32x4x2 = 0, sectors1x16x16 = 0;
};
StepThreePrediction stepThreePrediction();

// Step 5 (grid3d.cpp): enqueues `kernel`, whose arguments are set, on `queue` over the grid, one
// work-item per cell (x in dimension 0, y in 1, z in 2), in work-groups of `local`; returns the event
// of the command.
cl::Event enqueueOverGrid(cl::CommandQueue& queue, const cl::Kernel& kernel, const Grid& grid, const Sizes3& local);

// The serial reference of smooth3d.cl is Measure's: the faces copied, each inner cell w times the sum
// of itself and its six neighbours (added in one fixed order).
inline std::vector<float> referenceSmooth(const std::vector<float>& in, const Grid& grid, float w)
{
    return hoc::referenceSmooth(in, grid.nx, grid.ny, grid.nz, w);
}

struct SmoothRun {
    std::vector<float> out;
    double seconds = 0;  // median kernel time (profiling events)
};

class Smooth3d {
public:
    // Steps 1 and 2: context, profiling queue, smooth3d.cl built.
    explicit Smooth3d(const cl::Device& device);

    // Steps 3 to 5: the grid in, one smoothing step in work-groups of `local` (through your
    // enqueueOverGrid), the result back. Refuses (hoc::UsageError) a work-group the kernel cannot run.
    SmoothRun run(const std::vector<float>& in, const Grid& grid, const Sizes3& local,
                  const hoc::Repeats& repeats = {0, 1});

    // The kernel as built, for a test that enqueues it itself.
    cl::Kernel kernel() const { return cl::Kernel(program_, "smooth"); }
    const cl::Context& context() const { return context_; }
    cl::CommandQueue& queue() { return queue_; }

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};
