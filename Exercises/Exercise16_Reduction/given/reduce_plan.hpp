// Exercise 16: how the host divides a sum into passes (Reduction::sum, reduce.cpp, runs them): the
// work-group size and the passes (with the count of float additions the error bound needs,
// hoc::passAdditions in hoc/common/float_sum.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "reduce.hpp"

struct Pass {
    std::uint64_t n = 0;       // elements in
    std::uint64_t groups = 0;  // partial sums out
};

struct Plan {
    std::uint64_t local = 0;      // work-items per work-group
    std::vector<Pass> passes;     // in order; the last one leaves one value
    std::uint64_t additions = 0;  // the most float additions an element goes through, over all passes
};

// The work-group size: the one asked for, else the kernel's preferred size within its limit on this
// device; refused (with the reason) where the device or the kernel does not allow it.
std::uint64_t chooseWorkGroupSize(const cl::Kernel& kernel, const cl::Device& device, ReduceKernel which,
                                  std::size_t asked, std::uint64_t limit);

// The plan: each pass turns n elements into one partial sum per work-group, until one is left; its
// `additions` are the most any element goes through over all passes (the error bound's count).
Plan planPasses(ReduceKernel which, std::uint64_t n, std::uint64_t local, std::uint64_t computeUnits);
