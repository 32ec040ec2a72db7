// Memory bandwidth companions for the benchmarks: how fast the device copies memory (the practical
// peak) and how close vector addition (Exercise 1's kernel) comes to it.
#pragma once

#include <cstddef>
#include <string>

#include "hoc/check.hpp"
#include "hoc/opencl.hpp"

namespace hoc::bandwidth {

struct Measurement {
    std::string name;    // "copy kernel", "clEnqueueCopyBuffer", "vadd kernel"
    double bytes = 0;    // bytes read plus written per run
    double seconds = 0;  // median kernel time (profiling events)
    CheckResult check;   // the result against the host's
    double gbps() const { return seconds > 0 ? bytes / seconds * 1e-9 : 0; }
};

struct Result {
    std::size_t n = 0;  // floats per array
    Measurement copyKernel, copyBuffer, vadd;
    double peak() const;  // the faster of the two copies, in GB/s
};

// Copies n floats with the copy_float kernel (bandwidth_copy.cl) and with clEnqueueCopyBuffer, and
// adds two vectors of n floats with vadd (vadd.cl); median of `repeats` runs after a warm-up each.
// The kernel files are looked up in HOC_KERNEL_PATH, then in the course's Kernels/ folder.
Result measure(const cl::Device& device, std::size_t n, int repeats);

}  // namespace hoc::bandwidth
