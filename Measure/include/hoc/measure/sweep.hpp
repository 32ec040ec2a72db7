// A sweep of work-group sizes: kernels each run at every work-group size from 1 to the largest the
// device allows them, every result checked, shown as one table (a column per kernel, a row per size)
// and reported as two rows per kernel (work-groups of 1, and the fastest). The caller runs the
// kernels (Exercise 21 runs the host code of Exercises 10, 16 and 17) through the sweeps below, which
// prepare the inputs, check every result against its serial reference and fill the columns; the
// sweep's program is hoc::sweepMain (Measure/main/, hoc/measure/sweep_main.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

// One work-group size of one kernel.
struct SweepCell {
    std::size_t size = 0;  // work-items per work-group
    std::string shape;     // "64" or, for a 2D work-group, "8 x 8"
    bool correct = false;
    double rate = 0;     // in the column's unit
    double seconds = 0;  // median device time
    std::string detail;  // the check's message
};

// One kernel at every size it ran.
struct SweepColumn {
    std::string title;             // "pi (tree)"
    std::string unit;              // the rate's: "GB/s" (memory moved), or "G <things>/s" ("G steps/s")
    std::size_t limit = 0;         // the kernel's largest work-group on the device
    std::vector<SweepCell> cells;  // in increasing size
};

// The kernels swept, in course order: pi's tree design (Exercise 10), the two-pass reduction (16), the
// naive transpose (17).
enum class SweptKernel { Pi, Reduce, Transpose };
const std::vector<SweptKernel>& sweptKernels();
std::string keyOf(SweptKernel kernel);    // "pi", "reduce", "transpose"
std::string titleOf(SweptKernel kernel);  // "pi (tree)", ...

struct SweepOptions {
    std::uint64_t piSteps = std::uint64_t{1} << 24;
    std::size_t reduceSize = std::size_t{1} << 24;  // floats summed
    std::size_t rows = 2048, cols = 2048;           // the transposed matrix
    Repeats repeats{1, 3};                          // a warm-up, then timed runs; the median counts
};

// The work-group sizes to try below a kernel's limit (Exercise 21's workGroupSizes, the lesson).
using SizesToTry = std::function<std::vector<std::size_t>(std::size_t limit)>;

// What one run of a swept kernel gave, and the largest work-group it may have on the device.
struct SweptValue {  // pi
    double value = 0;
    double seconds = 0;  // median device time
    std::size_t maxWorkGroupSize = 0;
};
struct SweptSum {  // the reduction
    float sum = 0;
    std::uint64_t additions = 0;  // the most additions a term went through (hoc::checkSum's k)
    double seconds = 0;
    std::size_t maxWorkGroupSize = 0;
};
struct SweptMatrix {  // the transpose
    std::vector<float> out;
    double seconds = 0;
    std::size_t localX = 0, localY = 0;  // the work-group that ran
};

// Pi with `steps` steps at every size of sizes(limit), the limit from a first run at size 1 and no
// repeats; each value checked against `expected` within `tolerance`; the rate in G steps/s.
SweepColumn sweepPi(std::uint64_t steps, double expected, double tolerance, const Repeats& repeats,
                    const SizesToTry& sizes, const std::function<SweptValue(std::size_t, const Repeats&)>& run);
// The sum of options.reduceSize random floats, the same way; checked by hoc::checkSum; GB/s read.
SweepColumn sweepSum(const cl::Device& device, const SweepOptions& options, const SizesToTry& sizes,
                     const std::function<SweptSum(const std::vector<float>&, std::size_t, const Repeats&)>& run);
// The transpose of a random options.rows x options.cols matrix in 2D work-groups as square as powers
// of two allow (x >= y, within the device's sides: 1 x 1, 2 x 1, 2 x 2, ..., 32 x 32), up to
// limit() (asked after the memory's check; at most the product of the two sides); checked exactly;
// GB/s read and written. Each sweep checks the device's and the host's memory before its first run.
SweepColumn sweepTranspose(const cl::Device& device, const SweepOptions& options,
                           const std::function<std::size_t()>& limit, const SizesToTry& sizes,
                           const std::function<SweptMatrix(const std::vector<float>&, std::size_t, std::size_t)>& run);

// The table: one row per size any column ran, each cell its rate ("WRONG" if its check failed) and
// its percentage of the column's best; "-" past a kernel's limit.
void printSweepTable(std::ostream& out, const std::vector<SweepColumn>& columns);

// Reported: for each kernel, work-groups of 1 and the fastest size; correct only when every size
// was (the detail names the first that was not). A "GB/s" column's rows carry the bytes moved; a
// "G <things>/s" column's rate is reported in <things>/s.
void reportSweep(Report& report, const std::vector<SweepColumn>& columns);

}  // namespace hoc
