// Exercise 21: does the work-group size matter? The same kernel (pi's tree design, the two-pass
// reduction, the naive transpose) run at every work-group size from 1 to the largest it may have on
// the device, each result checked, in one table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/sweep.hpp"

// THE EXERCISE (sizes.cpp): the work-group sizes to try for a kernel whose largest allowed
// work-group on the device is `limit` (at least 1): every power of two from 1 up to `limit`, in
// increasing order, and `limit` itself when it is no power of two.
std::vector<std::size_t> workGroupSizes(std::size_t limit);

// The kernels swept, in course order (Exercises 10, 16, 17).
enum class SweptKernel { Pi, Reduce, Transpose };
const std::vector<SweptKernel>& sweptKernels();
std::string keyOf(SweptKernel kernel);    // "pi", "reduce", "transpose"
std::string titleOf(SweptKernel kernel);  // "pi (tree)", ...

struct SweepOptions {
    std::uint64_t piSteps = std::uint64_t{1} << 24;
    std::size_t reduceSize = std::size_t{1} << 24;  // floats summed
    std::size_t rows = 2048, cols = 2048;           // the transposed matrix
    hoc::Repeats repeats{1, 3};                     // a warm-up, then timed runs; the median counts
};

// Runs `kernel` at every size of workGroupSizes(limit) on `device` (the limit is asked of the
// device first) and checks each result against the serial reference: one column of the table
// (hoc/measure/sweep.hpp prints and reports the columns).
hoc::SweepColumn sweep(const cl::Device& device, SweptKernel kernel, const SweepOptions& options);
