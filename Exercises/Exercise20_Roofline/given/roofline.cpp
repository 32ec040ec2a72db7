#include "roofline.hpp"

#include <algorithm>
#include <climits>
#include <iomanip>
#include <ostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"

namespace {

// Three significant digits or more: 0.0123, 1.23, 12.3, 1234.
std::string rate(double value)
{
    return hoc::fixedText(value, value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 4);
}

}  // namespace

void Options::add(hoc::CommandLine& cli)
{
    sizes.add(cli);
    cli.listOption("--kernels", kernels, "Kernels to run (default all)", hoc::namesOf(ladderKernels(), keyOf));
    cli.option("--tile", tile, "Tile side of the blocked kernel", 1, 1024);
    cli.option("--repeats", repeats.runs, "Timed runs of each kernel after a warm-up; the median counts", 1, 1000);
    cli.option("--bandwidth", given.gbps, "Peak bandwidth in GB/s (default: measured with the read kernel)");
    cli.option("--peak", given.gflops, "Peak FP32 rate in GFLOP/s (default: measured with the FMA kernel)");
    cli.sizeOption("--read-size", readFloats, "Floats the bandwidth roof's read kernel reads", INT_MAX);
}

void Options::check() const
{
    if (given.gbps < 0 || given.gflops < 0)
        throw hoc::UsageError("--bandwidth and --peak must be positive (or 0: measure)");
}

void requireCounts(const std::vector<LadderKernel>& kernels, hoc::matmul::Dims d, double tile)
{
    for (const LadderKernel k : kernels) {
        const Counts c = perWorkItem(k, d, tile);
        if (!(c.flops > 0) || !(c.bytes > 0))
            throw hoc::Failure("Exercise 20: perWorkItem() in traffic.cpp gives " + hoc::fixedText(c.flops, 0) +
                               " flops and " + hoc::fixedText(c.bytes, 0) + " bytes for the " + keyOf(k) +
                               " kernel; count them from the kernel's code first (see the README's procedure)");
    }
}

RooflineTable::RooflineTable(hoc::Report& report, const Roofs& roofs, hoc::matmul::Dims d, double tile)
    : report_(report), roofs_(roofs), d_(d), tile_(tile)
{
}

void RooflineTable::measure(LadderKernel k, const std::function<hoc::matmul::MatmulResult()>& run,
                            const hoc::matmul::ExpectedC& expected, const hoc::Repeats& repeats)
{
    const Counts c = perWorkItem(k, d_, tile_);
    const double items = workItems(k, d_);
    const double flops = c.flops * items, bytes = c.bytes * items;
    const double intensity = flops / bytes;
    const double predicted = predictedGflops(intensity, roofs_);

    std::vector<double> times;
    hoc::CheckResult check;
    check.ok = true;
    for (int i = 0; i < repeats.warmups + repeats.runs; ++i) {
        const hoc::matmul::MatmulResult r = run();
        const hoc::CheckResult one = hoc::matmul::check(expected, r.c);
        if (check.ok)
            check = one;  // the first wrong run's message, else the last run's
        if (i >= repeats.warmups)
            times.push_back(r.timing.best());
    }
    hoc::Timing timing;
    timing.kernel_s = hoc::median(times);
    const double measured = flops / timing.kernel_s * 1e-9;
    report_.flops(labelOf(k), d_.text(), check, timing, flops,
                  {{"bytes", bytes},
                   {"intensity", intensity},
                   {"predicted_mflops", predicted * 1e3},
                   {"fraction_of_prediction", measured / predicted}});
    rows_ << std::left << std::setw(50) << labelOf(k) << std::right << std::setw(12) << hoc::fixedText(c.flops, 0)
          << std::setw(13) << hoc::fixedText(c.bytes, 0) << std::setw(11) << hoc::fixedText(intensity, 3)
          << std::setw(12) << rate(predicted) << std::setw(12) << rate(measured) << std::setw(10)
          << hoc::fixedText(100.0 * measured / predicted, 0) << "%" << (check.ok ? "" : "  WRONG") << "\n";
}

void RooflineTable::print(std::ostream& out) const
{
    out << "\n"
        << std::left << std::setw(50) << "kernel" << std::right << std::setw(12) << "FLOP/item" << std::setw(13)
        << "bytes/item" << std::setw(11) << "FLOP/byte" << std::setw(12) << "predicted" << std::setw(12) << "measured"
        << std::setw(11) << "of pred." << "\n"
        << rows_.str();
    out << "\nRates in GFLOP/s; predicted = min(peak, FLOP/byte x bandwidth): memory-bound left of the ridge\n"
           "point, compute-bound right of it. Above 100%: caches served again what your count sends to global\n"
           "memory each time.\n";
}
