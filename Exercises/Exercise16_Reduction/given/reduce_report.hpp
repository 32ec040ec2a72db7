// Exercise 16: the bandwidth driver's (main.cpp) command line and what it refuses before it runs, so
// that main.cpp reads as the run.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "reduce.hpp"

// The command line: --sizes (default 2^12 to 2^26), --kernels (default all), --local, --runs, --read-size.
struct DriverOptions {
    std::vector<std::size_t> sizes;
    std::vector<std::string> kernels;
    std::size_t local = 0;       // 0: each kernel's own default (ReduceOptions)
    long runs = 5;               // timed runs after one warm-up
    std::size_t readFloats = 0;  // 0: ReadBenchmark::yardstickFloats, four times the largest size
};
void addOptions(hoc::CommandLine& cli, DriverOptions& o);

// Before any run (hoc::UsageError, exit status 2, otherwise): the device holds the largest size's
// buffers, and the host the N floats and the copy yardstick's input and read-back (on a CPU device
// also its two buffers; the reduction's own, one at a time, are fewer).
void requireMemory(const cl::Device& device, std::size_t largest);

// Before any run: every sum's check can tell a right result from a wrong one (from 0), for the
// program's data (hoc::randomFloats in [-1, 1) seeded with the size) and each kernel's count of
// additions on this device (hoc::requireDecisiveSum).
void requireDecisiveSums(Reduction& reduction, const std::vector<std::size_t>& sizes,
                         const std::vector<ReduceKernel>& kernels, std::size_t local);
