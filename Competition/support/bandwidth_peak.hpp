// Exercise 9b's memory bandwidth companions for the benchmark: how fast the device copies memory
// (the practical peak) and how close vector addition (Exercise 1's kernel) comes to it.
#pragma once

#include <cstddef>
#include <string>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

namespace hoc::bandwidth {

struct BandwidthMeasurement {
    std::string name;    // "copy kernel", "clEnqueueCopyBuffer", "vadd kernel"
    double bytes = 0;    // bytes read plus written per run
    double seconds = 0;  // median kernel time (profiling events)
    CheckResult check;   // the result against the host's
    double gbps() const { return hoc::gbps(bytes, seconds); }
};

struct BandwidthResult {
    std::size_t n = 0;  // floats per array
    BandwidthMeasurement copyKernel, copyBuffer, vadd;
    double peak() const;  // the faster of the two copies, in GB/s
};

// Copies n floats with the course's copy yardstick (hoc::CopyBenchmark) and with
// clEnqueueCopyBuffer, and adds two vectors of n floats with vadd (vadd.cl); each the median of
// `repeats`. vadd.cl is looked up in HOC_KERNEL_PATH, then in the course's Kernels/ folder.
BandwidthResult measure(const cl::Device& device, std::size_t n, const Repeats& repeats);

// What measure(device, n) checks before it starts, for a program to check before its other work:
// UsageError (exit 2) when n is 0 or beyond INT_MAX, or its three vectors do not fit the device
// (hoc::requireBuffers) or the host (hoc::requireHostMemory).
void requireMeasurable(const cl::Device& device, std::size_t n);

}  // namespace hoc::bandwidth
