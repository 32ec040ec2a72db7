// Measuring memory-bound kernels (reductions, transpose, the competition's bandwidth test): compare
// a kernel's bandwidth with a plain copy kernel's, the course's one copy yardstick, measured on the
// same device in the same run (repeats and median: hoc/common/timing.hpp). And the roofline's bandwidth
// roof, the best rate a kernel reads global memory (hoc::ReadBenchmark).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

// The yardstick: out[i] = in[i] over n floats, 256 work-items per work-group, each copying one float
// or a float4 - whichever is faster on this device (the best global-memory bandwidth a kernel
// reaches: on a GPU the float4 copy comes close to clEnqueueCopyBuffer). It reads and writes 8 bytes
// per element. It has its own context, so it can be measured next to any exercise's code.
class CopyBenchmark {
public:
    explicit CopyBenchmark(const cl::Device& device);

    // The seconds of each timed copy of n floats (hoc::runSeconds) of the faster copy kernel, and in
    // `check` the copied floats against the input (a copy is exact).
    std::vector<double> runs(std::size_t n, const Repeats& repeats, CheckResult& check);
    // The median of the runs; hoc::Failure if the copy is wrong.
    double seconds(std::size_t n, const Repeats& repeats);
    // The same as GB/s (8 n bytes moved).
    double gbps(std::size_t n, const Repeats& repeats);

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
    std::string chosen_;

public:
    // The copy kernel the last runs() kept ("copy_floats" or "copy_float4s").
    const std::string& chosen() const { return chosen_; }
};

// The roofline's bandwidth roof: the best rate at which a kernel READS global memory
// (Kernels/roofline_read.cl). Each work-item sums 16 or 64 vectors and writes one float; the probe
// tries float, float2, ..., float16 and both counts and keeps the fastest. This is what clpeak's
// global-memory test measures too. A kernel that also writes (a copy, vadd)
// shares the bus between its two streams and may stay below it: CopyBenchmark measures that.
struct ReadRuns {
    std::vector<double> seconds;  // the chosen kernel's timed runs (both rounds)
    double bytes = 0;             // bytes one run moves: the floats read and one float written per work-item
    std::string kernel;           // the chosen kernel, e.g. "read_float4"
    int perItem = 0;              // vectors each work-item reads
    std::size_t workItems = 0, local = 0;
    CheckResult check;  // the chosen kernel's sums, a sample of work-items, against the host's
    std::vector<std::pair<std::string, double>>
        tried;  // every candidate ("read_float8 x 64") and its GB/s (0: wrong sums)
};

class ReadBenchmark {
public:
    // Builds roofline_read.cl (found as the FMA kernel is: hoc/measure/roofs.hpp).
    explicit ReadBenchmark(const cl::Device& device);

    // Reads (most of) a buffer of n floats with every candidate, 1 warm-up and 2 timed runs each,
    // then the three fastest again with `repeats`; the candidate of the fastest single run is kept,
    // with all its timed runs. hoc::Failure if n is too small for any candidate; a candidate that
    // sums wrongly is never chosen, and `check` then reports its wrong sums.
    ReadRuns runs(std::size_t n, const Repeats& repeats);
    // The best rate, in GB/s, at which the fastest candidate read n floats (the fastest of its timed
    // runs, as the roofline takes it); hoc::Failure if every candidate summed wrongly. The yardstick of
    // a kernel that only reads (a reduction), measured at that kernel's size.
    double bestGbps(std::size_t n, const Repeats& repeats);

    // The fewest floats runs() accepts: one work-group of 256 reading 16 floats each.
    static constexpr std::size_t kMinFloats = 256 * 16;
    // How many floats the read kernel reads as the yardstick of a kernel that moves `kernelFloats`:
    // four times as many (at least kMinFloats, at most what fits one buffer and a third of the
    // device's memory). A read of the kernel's own size is short enough on a GPU to pay its launch
    // and ramp-up; four times that reads at what clpeak measures (the figures, with date and device:
    // Exercise 16's page in docs/measurements/), and on PoCL the tests' sizes stay a few MiB.
    static std::size_t yardstickFloats(const cl::Device& device, std::size_t kernelFloats);

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};

// The yardstick of kernels that only read, for a program whose largest kernel moves kernelFloats:
// the read kernel's best rate over `floats` floats (0: ReadBenchmark::yardstickFloats), printed as
// "read kernel (reads only), N floats: X GB/s". A --read-size below ReadBenchmark::kMinFloats is
// hoc::UsageError; more than the device or this machine can hold, hoc::Failure (exit status 3).
double readYardstickGbps(const cl::Device& device, std::size_t floats, std::size_t kernelFloats, const Repeats& repeats,
                         std::ostream& out);

// A table of GB/s per size and variant, each as a percentage of the copy kernel's GB/s.
//   size            copy GB/s   naive             tiled
//   4096 x 4096        12.1      3.2 ( 26%)       10.9 ( 90%)
class BandwidthTable {
public:
    BandwidthTable(std::ostream& out, const std::string& sizeTitle, std::vector<std::string> variants);
    // One row: the size, the copy's GB/s, and for each variant its GB/s and whether it was correct.
    void row(const std::string& size, double copyGbps, const std::vector<std::pair<double, bool>>& cells);

private:
    std::ostream& out_;
    std::vector<std::string> variants_;
};

// A rate in GB/s as the table prints it: three significant digits below 100 (0.0153, 3.98, 42.1),
// whole numbers above (2934).
std::string rateText(double gbps);

// Adds a checked result whose rate is GB/s, with its fraction of the copy kernel's GB/s and, when
// readGbps > 0, of the read kernel's (ReadBenchmark::bestGbps) in the printed detail and in the JSON
// record ("fraction_of_copy", "copy_GBps", "fraction_of_read", "read_GBps", "bytes"), and `extra`
// (e.g. "flops" for a reduction's additions, so that the roofline places it).
void reportAgainstCopy(Report& report, const std::string& name, const std::string& size, const CheckResult& check,
                       double seconds, double bytes, double copyGbps, double readGbps = 0, Extra extra = {});

// The same for a kernel of several passes (Exercise 16's reductions): each pass's time
// ("pass_<i>_s") and the time between them ("between_passes_s") after `extra`, and a line
// "  passes <each pass's time, added>, and <between> between them" on `out` (where the time went).
void reportPassesAgainstCopy(Report& report, std::ostream& out, const std::string& name, const std::string& size,
                             const CheckResult& check, double seconds, double bytes, double copyGbps, double readGbps,
                             const std::vector<double>& passSeconds, double betweenSeconds, Extra extra = {});

// "For this device (<device>) the program picks <name>: <gbps> GB/s at <size>, <P>% of the read
// kernel": the kernel a program picks for the device, against the read yardstick. Nothing when it
// did not run or was wrong (gbps 0).
void printPicked(std::ostream& out, const std::string& device, const std::string& name, double gbps, double readGbps,
                 const std::string& size);

// One kernel's checked run at one size of a bandwidth sweep (hoc::runBandwidthSweep).
struct BandwidthRun {
    BandwidthRun(std::string name, double seconds, double bytes, CheckResult check,
                 std::vector<double> passSeconds = {}, double betweenSeconds = 0, Extra extra = {})
        : name(std::move(name)), seconds(seconds), bytes(bytes), check(std::move(check)),
          passSeconds(std::move(passSeconds)), betweenSeconds(betweenSeconds), extra(std::move(extra))
    {
    }

    std::string name;    // the kernel as its report names it, e.g. "tiled (transpose_tiled)"
    double seconds = 0;  // its median time
    double bytes = 0;    // the bytes it moves, each float read or written counted once
    CheckResult check;   // its result against the reference
    // A kernel of several passes: each pass's time and the time between them (hoc::reportPassesAgainstCopy);
    // empty for a kernel of one launch (hoc::reportAgainstCopy).
    std::vector<double> passSeconds;
    double betweenSeconds = 0;
    Extra extra;  // further fields of its JSON record (e.g. "flops")
};

// A program that measures memory-bound kernels at several sizes against the copy and read
// yardsticks (Exercises 16 and 17): what it measures, and how it runs a kernel.
struct BandwidthSweep {
    BandwidthSweep(std::string sizeTitle, std::vector<std::string> kernels, const Repeats& repeats)
        : sizeTitle(std::move(sizeTitle)), kernels(std::move(kernels)), repeats(repeats)
    {
    }
    // A size: its name in the table, its floats (what the copy yardstick copies), whether every kernel
    // is reported at it (the largest), not only a wrong one, and its name in the reports (empty: `text`).
    void add(const std::string& text, std::size_t count, bool reportAll, const std::string& reported = "")
    {
        sizes.push_back(text);
        floats.push_back(count);
        full.push_back(reportAll);
        reportedSizes.push_back(reported.empty() ? text : reported);
    }

    std::string sizeTitle;             // the table's first column, e.g. "N (GB/s)"
    std::vector<std::string> kernels;  // the table's columns, one per kernel
    Repeats repeats;                   // of the yardsticks; the kernels' are the program's own
    std::vector<std::string> sizes;
    std::vector<std::size_t> floats;
    std::vector<bool> full;
    std::vector<std::string> reportedSizes;
    std::size_t readFloats = 0;  // the read yardstick's floats (0: ReadBenchmark::yardstickFloats of the largest)
    std::string note;            // a line printed before the table (empty: none)
    // Prepares size i (its data and reference) and returns the run of kernel k on them.
    std::function<std::function<BandwidthRun(std::size_t k)>(std::size_t i)> at;
};

struct BandwidthSweepResult {
    double readGbps = 0;              // the read yardstick
    std::vector<double> largestGbps;  // each kernel's GB/s at the last size reported in full; 0 where wrong
};

// Before any run of a sweep (hoc::UsageError, exit status 2): the device holds `deviceBuffers`
// buffers of `bytes` each at the largest size, and the host `hostCopies` of them, with `sharedBuffers`
// more where the device's memory is the host's (hoc::requireBuffers, hoc::requireHostMemory).
void requireSweepMemory(const cl::Device& device, double bytes, int deviceBuffers, int hostCopies, int sharedBuffers,
                        const std::string& what);

// Before any run of a sweep of sums: every sum's check can tell a right result from a wrong one
// (hoc::requireDecisiveSum), for each size n's data `data(n)` and each kernel k's count of additions
// `additions(n, k)`; `kernels` names them.
void requireDecisiveSums(const std::vector<std::size_t>& sizes, const std::vector<std::string>& kernels,
                         const std::function<std::vector<float>(std::size_t n)>& data,
                         const std::function<std::uint64_t(std::size_t n, std::size_t k)>& additions);

// The sweep: the read yardstick measured once over readFloats (readYardstickGbps, printed), then for
// each size the copy kernel and every kernel, checked, in a BandwidthTable on `out`; each kernel is
// added to `report` against both yardsticks where the size says so and wherever it was wrong.
BandwidthSweepResult runBandwidthSweep(const cl::Device& device, Report& report, std::ostream& out,
                                       const BandwidthSweep& sweep);

}  // namespace hoc
