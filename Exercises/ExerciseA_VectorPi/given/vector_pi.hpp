// Exercise A: the pi program with vector types in the kernel.
#pragma once

#include <cstdint>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/pi/run.hpp"

struct VectorPiOptions {
    std::uint64_t steps = std::uint64_t{1} << 27;  // at least 1
    int width = 4;                                 // 1: Exercise 10's scalar kernel pi(); 2, 4, 8, 16: pi_vector
    std::size_t workGroupSize = 0;                 // 0: chosen from the kernel's and the device's limits
    hoc::Repeats repeats{0, 1};                    // kernel runs; the median time is kept
};

// pi, the work-groups and their size, the steps of each work-item (a multiple of the width), the
// kernel's largest work-group on the device and its median time.
using VectorPiResult = hoc::pi::Run;

VectorPiResult vectorPi(const cl::Device& device, const VectorPiOptions& options);
