// Exercise 20: the roofline of the matmul ladder. Your counts (traffic.cpp) give each kernel's
// arithmetic intensity; with the device's two roofs, measured here, they predict its rate; the
// program runs each kernel, checks C, and sets the measured rate beside the prediction.
//   roofline --size 1024
//   roofline --size 512 --kernels element blocked --bandwidth 2044 --peak 56900   (roofs given)
#include <algorithm>
#include <climits>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "hoc/measure/bandwidth.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/cli/matmul_main.hpp"
#include "hoc/measure/roofs.hpp"
#include "matmul_blocked.hpp"
#include "matmul_host.hpp"
#include "matmul_local_column.hpp"
#include "matmul_private_row.hpp"
#include "matmul_row.hpp"
#include "traffic.hpp"

namespace {

using hoc::matmul::Dims;

// The ladder's host functions, from Exercises 05-09.
hoc::matmul::MatmulResult runKernel(LadderKernel kernel, const cl::Device& device, const hoc::matmul::Inputs& in,
                                    Dims d, std::size_t tile)
{
    switch (kernel) {
    case LadderKernel::Element: return matmulHost(device, in.a, in.b, d);
    case LadderKernel::Row: return matmulRow(device, in.a, in.b, d);
    case LadderKernel::PrivateRow: return matmulPrivateRow(device, in.a, in.b, d);
    case LadderKernel::LocalColumn: return matmulLocalColumn(device, in.a, in.b, d);
    case LadderKernel::Blocked: return matmulBlocked(device, in.a, in.b, d, tile);
    }
    throw hoc::Failure("unknown kernel");
}

std::string fixed(double value, int digits)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << value;
    return s.str();
}

// Three significant digits or more: 0.0123, 1.23, 12.3, 1234.
std::string rate(double value) { return fixed(value, value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 4); }

// The roofs: measured (the best of the timed runs, as hoc-roofline does) unless given.
Roofs measureRoofs(const cl::Device& device, Roofs given, std::size_t readFloats, const hoc::Repeats& repeats)
{
    Roofs roofs = given;
    if (roofs.gbps <= 0) {
        hoc::ReadBenchmark read(device);
        const hoc::ReadRuns runs = read.runs(readFloats, repeats);
        if (!runs.check.ok || runs.seconds.empty())
            throw hoc::Failure("the read kernel used as the bandwidth roof summed wrongly on this device");
        roofs.gbps = hoc::gbps(runs.bytes, *std::min_element(runs.seconds.begin(), runs.seconds.end()));
    }
    if (roofs.gflops <= 0) {
        hoc::FmaBenchmark fma(device);
        const hoc::FmaRuns runs = fma.runs(0, 1024, repeats);
        if (!runs.check.ok)
            throw hoc::Failure("the FMA kernel used as the compute roof computed wrongly on this device");
        roofs.gflops = runs.flops / *std::min_element(runs.seconds.begin(), runs.seconds.end()) * 1e-9;
    }
    return roofs;
}

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise20_Roofline",
                         "Exercise 20: the matmul ladder on the roofline, your counts against the measurement");
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    std::vector<std::string> keys;
    for (const LadderKernel k : ladderKernels())
        keys.push_back(keyOf(k));
    std::vector<std::string> chosen = keys;
    cli.listOption("--kernels", chosen, "Kernels to run (default all)", keys);
    long tile = 16, repeats = 3;
    cli.option("--tile", tile, "Tile side of the blocked kernel", 1, 1024);
    cli.option("--repeats", repeats, "Timed runs of each kernel after a warm-up; the median counts", 1, 1000);
    Roofs given;
    cli.option("--bandwidth", given.gbps, "Peak bandwidth in GB/s (default: measured with the read kernel)");
    cli.option("--peak", given.gflops, "Peak FP32 rate in GFLOP/s (default: measured with the FMA kernel)");
    std::size_t readFloats = std::size_t{1} << 24;
    cli.sizeOption("--read-size", readFloats, "Floats the bandwidth roof's read kernel reads", INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;
    if (given.gbps < 0 || given.gflops < 0)
        throw hoc::UsageError("--bandwidth and --peak must be positive (or 0: measure)");

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const Dims d = sizes.dims();
    hoc::matmul::requireMatrices(device, d);
    const hoc::Repeats runs{1, static_cast<int>(repeats)};

    // 1. Your counts, checked for being there at all, and the prediction they give.
    std::vector<LadderKernel> kernels;
    for (const LadderKernel k : ladderKernels())
        if (std::find(chosen.begin(), chosen.end(), keyOf(k)) != chosen.end())
            kernels.push_back(k);
    for (const LadderKernel k : kernels) {
        const Counts c = perWorkItem(k, d, static_cast<double>(tile));
        if (!(c.flops > 0) || !(c.bytes > 0))
            throw hoc::Failure("Exercise 20: perWorkItem() in traffic.cpp gives " + fixed(c.flops, 0) + " flops and " +
                               fixed(c.bytes, 0) + " bytes for the " + keyOf(k) +
                               " kernel; count them from the kernel's code first (see the README's procedure)");
    }

    // 2. The roofs.
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(readFloats), 1, "the bandwidth roof");
    const Roofs roofs = measureRoofs(device, given, readFloats, runs);
    std::cout << "Roofs: bandwidth " << rate(roofs.gbps) << " GB/s" << (given.gbps > 0 ? " (given)" : " (read kernel)")
              << ", peak " << rate(roofs.gflops) << " GFLOP/s" << (given.gflops > 0 ? " (given)" : " (FMA kernel)")
              << "; ridge point " << fixed(roofs.ridge(), 2) << " FLOP/byte\n";
    std::cout << "Matrices: " << d.text() << ", blocked tile " << tile << "\n";

    // 3. Each kernel: run, check, compare.
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
    const hoc::matmul::ExpectedC expected = hoc::matmul::expectedC(in.a, in.b, d);
    std::ostringstream table;  // printed after the runs, which print their results as they go
    for (const LadderKernel k : kernels) {
        const Counts c = perWorkItem(k, d, static_cast<double>(tile));
        const double items = workItems(k, d);
        const double flops = c.flops * items, bytes = c.bytes * items;
        const double intensity = flops / bytes;
        const double predicted = predictedGflops(intensity, roofs);

        std::vector<double> times;
        hoc::CheckResult check;
        check.ok = true;
        for (int run = 0; run < runs.warmups + runs.runs; ++run) {
            const hoc::matmul::MatmulResult r = runKernel(k, device, in, d, static_cast<std::size_t>(tile));
            const hoc::CheckResult one = hoc::matmul::check(expected, r.c);
            if (check.ok)
                check = one;  // the first wrong run's message, else the last run's
            if (run >= runs.warmups)
                times.push_back(r.timing.best());
        }
        hoc::Timing timing;
        timing.kernel_s = hoc::median(times);
        const double measured = flops / timing.kernel_s * 1e-9;
        report.flops(labelOf(k), d.text(), check, timing, flops,
                     {{"bytes", bytes},
                      {"intensity", intensity},
                      {"predicted_mflops", predicted * 1e3},
                      {"fraction_of_prediction", measured / predicted}});
        table << std::left << std::setw(50) << labelOf(k) << std::right << std::setw(12) << fixed(c.flops, 0)
              << std::setw(13) << fixed(c.bytes, 0) << std::setw(11) << fixed(intensity, 3) << std::setw(12)
              << rate(predicted) << std::setw(12) << rate(measured) << std::setw(10)
              << fixed(100.0 * measured / predicted, 0) << "%" << (check.ok ? "" : "  WRONG") << "\n";
    }
    std::cout << "\n"
              << std::left << std::setw(50) << "kernel" << std::right << std::setw(12) << "FLOP/item" << std::setw(13)
              << "bytes/item" << std::setw(11) << "FLOP/byte" << std::setw(12) << "predicted" << std::setw(12)
              << "measured" << std::setw(11) << "of pred." << "\n"
              << table.str();
    std::cout << "\nRates in GFLOP/s; predicted = min(peak, FLOP/byte x bandwidth): memory-bound left of the ridge\n"
                 "point, compute-bound right of it. Above 100%: caches served again what your count sends to global\n"
                 "memory each time.\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
