// hoc-roofline: the two roofs of the roofline model, measured on one device.
//   peak bandwidth: the best rate at which a kernel reads global memory (hoc::ReadBenchmark,
//                   Measure/src/bandwidth.cpp, running Kernels/roofline_read.cl: every vector width,
//                   two orders, two run lengths; the fastest counts), as clpeak measures it
//   copy:           the course's copy yardstick (hoc::CopyBenchmark), reads and writes, 8 bytes per
//                   float: what a kernel that also writes reaches, shown beside the roof
//   peak FP32 rate: hoc::FmaBenchmark (Measure/src/roofs.cpp) runs Kernels/roofline_fma.cl, 32 to 128
//                   chains of fused multiply-adds in each work-item (vectors of 8 or 16 floats, 4 or
//                   8 of them); the fastest shape counts
// Each kernel runs once to warm up, then --repeats times, timed by profiling events; the fastest
// repeat is the roof (a roof is the most the device can do, so the best it showed is the honest
// estimate). script/run (hoc-runner) runs this first on every device and places each course kernel
// under these roofs (the rows marked "roof" in the JSON: the read and the FMA).
#include <algorithm>
#include <climits>
#include <iostream>
#include <string>
#include <vector>

#include "hoc/measure/bandwidth.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/measure/roofs.hpp"

namespace {

std::string count(std::size_t n) { return std::to_string(n); }

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Roofline", "Roofline: the device's peak bandwidth (read) and peak FP32 rate (FMA)");
    std::size_t n = std::size_t{1} << 26;
    cli.sizeOption("-n,--size", n, "Floats to copy (fewer when the device cannot hold two such buffers)", INT_MAX);
    std::size_t readN = 0;
    cli.sizeOption("--read-size", readN,
                   "Floats the read probe reads (default: 2^27 on a CPU, clpeak's buffer there, else 2^28; fewer "
                   "when they do not fit)",
                   std::size_t{1} << 32);
    long items = 0;
    cli.option("--items", items, "FMA work-items (0: 2048 per compute unit)", 0, INT_MAX);
    long iterations = 4096;
    cli.option("--iterations", iterations, "FMA steps per chain and work-item", 1, 1 << 24);
    long repeats = 10;
    cli.option("--repeats", repeats, "Timed runs of each kernel after a warm-up; the fastest counts", 1, 1000);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    // --- Peak bandwidth: read one buffer with every candidate kernel, keep the fastest.
    // The buffer must fit in one allocation and in global memory (with room to spare).
    const std::size_t maxAlloc = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() / sizeof(float);
    const std::size_t globalFloats = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>() / sizeof(float);
    // The same buffer as clpeak's global-memory test on a CPU (512 MiB), 1 GiB elsewhere (clpeak's
    // 2 GiB reads no faster). A CPU whose last-level cache holds a large part of it reads faster than
    // from DRAM alone: docs/instructors.md, "the same buffer as clpeak on a CPU", has the figures.
    if (readN == 0)
        readN = (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) ? std::size_t{1} << 27 : std::size_t{1} << 28;
    if (const std::size_t fits = std::min(maxAlloc, globalFloats / 3); readN > fits) {
        std::cout << "read: " << readN << " floats do not fit this device; reading " << fits << "\n";
        readN = fits;
    }
    {
        hoc::ReadBenchmark read(device);
        const hoc::ReadRuns runs = read.runs(readN, {1, static_cast<int>(repeats)});
        std::cout << "read probe, GB/s of each candidate (kernel x vectors per work-item):\n";
        for (const auto& [name, rate] : runs.tried)
            std::cout << "  " << name << ": " << rate << "\n";
        hoc::Timing timing;
        timing.kernel_s = runs.seconds.empty() ? 0 : *std::min_element(runs.seconds.begin(), runs.seconds.end());
        // "roof": this row is the bandwidth roof (the copy below is shown beside it, not used).
        report.bandwidth("read (peak bandwidth)",
                         count(runs.workItems) + " work-items x " + std::to_string(runs.perItem) + " " +
                             runs.kernel.substr(runs.kernel.rfind('_') + 1),
                         runs.check, timing, runs.bytes, {{"roof", 1}});
    }

    // --- Copy n floats: the course's copy yardstick (Exercises 16 and 17 compare with it).
    // Two buffers must fit in one allocation each and together in global memory (with room to spare).
    if (const std::size_t fits = std::min(maxAlloc, globalFloats / 3); n > fits) {
        std::cout << "copy: " << n << " floats do not fit this device twice; copying " << fits << "\n";
        n = fits;
    }
    {
        hoc::CopyBenchmark copy(device);
        hoc::CheckResult check;  // a copy is exact: every element must come back bit for bit
        const std::vector<double> times = copy.runs(n, {1, static_cast<int>(repeats)}, check);
        hoc::Timing timing;
        timing.kernel_s = *std::min_element(times.begin(), times.end());
        report.bandwidth("copy (reads and writes)", "N = " + count(n), check, timing,
                         2.0 * sizeof(float) * static_cast<double>(n));
    }

    // --- Peak FP32 rate: independent fma chains, `iterations` steps each, in every shape the
    // device is given (vectors of 8 or 16 floats, 4 or 8 per work-item); the fastest counts (hoc::FmaBenchmark).
    {
        hoc::FmaBenchmark fma(device);
        const hoc::FmaRuns runs = fma.runs(static_cast<std::size_t>(items), static_cast<int>(iterations),
                                           {1, static_cast<int>(repeats)});
        std::cout << "FMA probe, GFLOP/s of each candidate (vector x vectors per work-item):\n";
        for (const auto& [name, rate] : runs.tried)
            std::cout << "  " << name << ": " << rate << "\n";
        hoc::Timing timing;
        timing.kernel_s = *std::min_element(runs.seconds.begin(), runs.seconds.end());
        report.flops("fused multiply-add (peak FP32)",
                     count(runs.workItems) + " work-items x " + count(runs.chains) + " chains x " +
                         std::to_string(runs.iterations) + " steps",
                     runs.check, timing, runs.flops,
                     {{"bytes", static_cast<double>(sizeof(float) * runs.workItems)}, {"roof", 1}});
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
