#include "reduce_report.hpp"

#include <climits>
#include <iomanip>
#include <iostream>
#include <ostream>
#include <sstream>

#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/names.hpp"
#include "hoc/measure/bandwidth.hpp"

void addOptions(hoc::CommandLine& cli, DriverOptions& o)
{
    for (int p = 12; p <= 26; ++p)
        o.sizes.push_back(std::size_t{1} << p);
    const std::vector<std::string> names = hoc::namesOf(reduceKernels(), kernelName);
    o.kernels = names;
    cli.sizesOption("--sizes", o.sizes, "Numbers of floats to sum (default 2^12 to 2^26)");
    cli.listOption("--kernels", o.kernels, "Kernels to run (default all)", names);
    cli.sizeOption("--local", o.local,
                   "Work-group size (default 256, 64 for reduce_float4, 1 for reduce_cpu, or the "
                   "kernel's maximum if less)",
                   1 << 20);
    cli.option("--runs", o.runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.sizeOption("--read-size", o.readFloats,
                   "Floats the read kernel reads (default: four times the largest size, at least " +
                       std::to_string(hoc::ReadBenchmark::kMinFloats) + ", at most what fits)",
                   INT_MAX);
}

void requireMemory(const cl::Device& device, std::size_t largest)
{
    const double floats = sizeof(float) * static_cast<double>(largest);
    hoc::requireBuffers(device, floats, 3, "N = " + std::to_string(largest));
    hoc::requireHostMemory(hoc::hostBytes(device, 3 * floats, 2 * floats), "N = " + std::to_string(largest));
}

void requireDecisiveSums(Reduction& reduction, const std::vector<std::size_t>& sizes,
                         const std::vector<ReduceKernel>& kernels, std::size_t local)
{
    for (const std::size_t n : sizes) {
        const hoc::SumReference expected = hoc::sumReference(
            hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f));
        for (const ReduceKernel k : kernels)
            hoc::requireDecisiveSum(expected, reduction.additions(n, k, {local}),
                                    "the sum of N = " + hoc::sizeText(n) + " floats with " + kernelName(k),
                                    "a kernel whose elements go through fewer additions (--kernels, --local) or "
                                    "another size (--sizes) narrows it or changes the sum");
    }
}

void reportSum(hoc::Report& report, ReduceKernel kernel, std::size_t n, const ReduceResult& r,
               const hoc::CheckResult& check, double copyGbps, double readGbps)
{
    hoc::Extra extra = {{"flops", static_cast<double>(n - 1)}};  // n floats, n - 1 additions
    for (std::size_t p = 0; p < r.passSeconds.size(); ++p)
        extra.emplace_back("pass_" + std::to_string(p + 1) + "_s", r.passSeconds[p]);
    extra.emplace_back("between_passes_s", r.betweenSeconds);
    hoc::reportAgainstCopy(
        report, shortName(kernel) + " (" + kernelName(kernel) + ", " + std::to_string(r.passes) + " passes)",
        "N = " + hoc::sizeText(n), check, r.seconds, sizeof(float) * static_cast<double>(n), copyGbps, readGbps, extra);
    // Where the time went: each pass, and the launches between them.
    std::string passes;
    for (const double s : r.passSeconds)
        passes += (passes.empty() ? "" : " + ") + hoc::formatTime(s);
    std::cout << "  passes " << passes << ", and " << hoc::formatTime(r.betweenSeconds) << " between them\n";
}

void printPicked(std::ostream& out, ReduceKernel picked, double pickedGbps, double readGbps, std::size_t largest)
{
    if (pickedGbps <= 0)
        return;
    std::ostringstream percent;
    percent << std::fixed << std::setprecision(1) << 100 * pickedGbps / readGbps;
    out << "For this device (" << (picked == ReduceKernel::Cpu ? "a CPU" : "not a CPU") << ") the program picks "
        << shortName(picked) << " (" << kernelName(picked) << "): " << hoc::rateText(pickedGbps)
        << " GB/s at N = " << hoc::sizeText(largest) << ", " << percent.str() << "% of the read kernel\n";
}
