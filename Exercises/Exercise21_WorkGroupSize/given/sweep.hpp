// Exercise 21: does the work-group size matter? The same kernel (pi's tree design, the two-pass
// reduction, the naive transpose) run at every work-group size from 1 to the largest it may have on
// the device, each result checked, in one table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

// THE EXERCISE (sizes.cpp): the work-group sizes to try for a kernel whose largest allowed
// work-group on the device is `limit` (at least 1): every power of two from 1 up to `limit`, in
// increasing order, and `limit` itself when it is no power of two.
std::vector<std::size_t> workGroupSizes(std::size_t limit);

// The kernels swept, in course order (Exercises 10, 16, 17).
enum class SweptKernel { Pi, Reduce, Transpose };
const std::vector<SweptKernel>& sweptKernels();
std::string keyOf(SweptKernel kernel);    // "pi", "reduce", "transpose"
std::string titleOf(SweptKernel kernel);  // "pi (tree)", ...
std::string unitOf(SweptKernel kernel);   // "G steps/s" or "GB/s"

struct SweepOptions {
    std::uint64_t piSteps = std::uint64_t{1} << 24;
    std::size_t reduceSize = std::size_t{1} << 24;  // floats summed
    std::size_t rows = 2048, cols = 2048;           // the transposed matrix
    hoc::Repeats repeats{1, 3};                     // a warm-up, then timed runs; the median counts
};

// One work-group size of one kernel.
struct SweepCell {
    std::size_t size = 0;  // work-items per work-group
    std::string shape;     // "64" or, for the 2D transpose, "8 x 8"
    bool correct = false;
    double rate = 0;     // in unitOf(kernel)
    double seconds = 0;  // median device time
    std::string detail;  // the check's message
};

struct SweepColumn {
    SweptKernel kernel = SweptKernel::Pi;
    std::size_t limit = 0;         // the kernel's largest work-group on this device (CL_KERNEL_WORK_GROUP_SIZE
                                   // and, for the transpose, the device's largest sides)
    std::vector<SweepCell> cells;  // one per workGroupSizes(limit), in that order
};

// Runs `kernel` at every size of workGroupSizes(limit) on `device` (the limit is asked of the
// device first) and checks each result against the serial reference.
SweepColumn sweep(const cl::Device& device, SweptKernel kernel, const SweepOptions& options);

// The table: one row per size any column ran, each cell its rate ("WRONG" if its check failed) and
// its percentage of the column's best; "-" past a kernel's limit.
void printTable(std::ostream& out, const std::vector<SweepColumn>& columns);

// Reported: for each kernel, work-groups of 1 and the fastest size; correct only when every size
// was (the detail names the first that was not).
void reportColumns(hoc::Report& report, const std::vector<SweepColumn>& columns);
