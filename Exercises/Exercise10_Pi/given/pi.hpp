// Exercise 10: pi by numerical integration on an OpenCL device, with a reduction.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

// Which kernel of pi.cl runs (all take the same arguments), step by step.
enum class PiDesign {
    Simple,      // step 1, pi_simple: the slides' design, work-item 0 adds the work-group's values one by one
    SimpleTree,  // step 2, pi_simple_tree: step 1's loop, a tree over the work-group in local memory
    CountedX,    // step 3, pi_counted_x: step 2 with x from a small count instead of (float)i
    Tree,        // step 4, pi: step 3 with compensated sums (runs of 32 into a Kahan sum)
};

struct PiOptions {
    std::uint64_t steps = std::uint64_t{1} << 27;  // rectangles under the curve, at least 1
    PiDesign design = PiDesign::Tree;
    std::size_t workGroupSize = 0;   // 0: the host chooses from the kernel's and the device's limits
    std::uint64_t stepsPerItem = 0;  // steps 1-3's steps per work-item; 0: the slides' 262144
    hoc::Repeats repeats{0, 1};      // kernel runs; the median time is kept
};

struct PiResult {
    double pi = 0;               // the work-groups' sums added on the host, times the step width
    std::size_t workGroups = 0;  // how the host divided the steps ...
    std::size_t workGroupSize = 0;
    std::uint64_t stepsPerItem = 0;    // ... (the last work-items may have fewer, or none)
    std::size_t maxWorkGroupSize = 0;  // the kernel's limit on this device (CL_KERNEL_WORK_GROUP_SIZE)
    hoc::Timing timing;                // kernel_s: median kernel time; wall_s: host time for it all
};

PiResult pi(const cl::Device& device, const PiOptions& options);
