// Exercise 15b: the OpenCL work of one rank, on its own device. Nothing here knows about MPI: it is
// Exercise 10's pi and Exercise 15's matmul, for a part of the problem.
#pragma once

#include <cstdint>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

// Part 1. The midpoint rule's steps are grouped in work-items of `niters` consecutive steps; the
// ranks share the work-items. The layout is the same on every rank, whatever its device.
struct PiLayout {
    std::uint64_t steps = 0;   // rectangles under the curve
    std::uint64_t niters = 0;  // steps per work-item
    std::uint64_t items = 0;   // work-items for all steps: ceil(steps / niters)
};
PiLayout piLayout(std::uint64_t steps);

struct PiPart {
    double sum = 0;         // sum of 4 / (1 + x^2) over this rank's steps (times 1/steps: its part of pi)
    double kernel_s = 0;    // median kernel time
    std::size_t local = 0;  // work-group size on this device
};

// Work-items first .. first + count - 1 (of `layout`) on `device`, with Exercise 10's step 3 kernel
// (pi.cl's `pi`), started at global offset `first`.
PiPart piPart(const cl::Device& device, const PiLayout& layout, std::uint64_t first, std::uint64_t count,
              hoc::Repeats repeats);

// Part 2. One device's matmul, Exercise 15's way: its own context, queue, program, kernel and B.
class MatmulRows {
public:
    MatmulRows(const cl::Device& device, const std::vector<float>& b, hoc::matmul::Dims d);

    // Rows per second for `probe` rows (their values do not matter for the speed): run twice, the
    // second run timed by its event.
    double speed(std::size_t probe);

    struct Timing {
        double kernel_s = 0, busy_s = 0;
    };
    // c_rows (rows x N) = a_rows (rows x K) * B, waiting until c_rows is written.
    Timing run(const float* a_rows, std::size_t rows, float* c_rows);

private:
    hoc::matmul::Dims d_;
    cl::Context context_;
    cl::CommandQueue queue_;
    using Mmul = cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer>;
    cl::Kernel kernel_;
    std::size_t side_ = 1;  // work-groups of side x side
    cl::Buffer b_;
};
