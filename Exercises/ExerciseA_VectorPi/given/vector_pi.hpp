// Exercise A: the pi program with vector types in the kernel.
#pragma once

#include <cstdint>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

struct VectorPiOptions {
    std::uint64_t steps = std::uint64_t{1} << 27;  // at least 1
    int width = 4;                                 // 1: Exercise 10's scalar kernel pi(); 2, 4, 8, 16: pi_vector
    std::size_t workGroupSize = 0;                 // 0: chosen from the kernel's and the device's limits
    hoc::Repeats repeats{0, 1};                    // kernel runs; the median time is kept
};

struct VectorPiResult {
    double pi = 0;
    std::size_t workGroups = 0, workGroupSize = 0;
    std::uint64_t stepsPerItem = 0;    // a multiple of the width
    std::size_t maxWorkGroupSize = 0;  // CL_KERNEL_WORK_GROUP_SIZE of the kernel that ran
    hoc::Timing timing;
};

VectorPiResult vectorPi(const cl::Device& device, const VectorPiOptions& options);
