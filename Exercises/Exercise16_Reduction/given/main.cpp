// Exercise 16: the bandwidth driver. It measures the read kernel (the roofline's bandwidth roof) once,
// then for each size the copy kernel and every reduction kernel on the same device, checks each sum,
// prints a table of GB/s (and % of the copy's), and reports each kernel at the largest size with its
// fractions of both yardsticks; last, the step it picks for this kind of device (kernelFor). The
// OpenCL work is in reduce.cpp.
#include <algorithm>
#include <climits>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "hoc/measure/bandwidth.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/cli/main.hpp"
#include "reduce.hpp"
#include "sum_reference.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise16_Reduction",
                         "Exercise 16: the sum of N floats, seven kernels against a copy and a read");
    std::vector<std::size_t> sizes;
    for (int p = 12; p <= 26; ++p)
        sizes.push_back(std::size_t{1} << p);
    std::vector<std::string> chosen;
    for (const ReduceKernel k : reduceKernels())
        chosen.push_back(kernelName(k));
    std::vector<std::string> names = chosen;
    std::size_t local = 0;
    long runs = 5;
    std::size_t readFloats = 0;  // 0: ReadBenchmark::yardstickFloats, four times the largest size
    cli.sizesOption("--sizes", sizes, "Numbers of floats to sum (default 2^12 to 2^26)");
    cli.listOption("--kernels", chosen, "Kernels to run (default all)", names);
    cli.sizeOption("--local", local,
                   "Work-group size (default 256, 64 for reduce_float4, 1 for reduce_cpu, or the "
                   "kernel's maximum if less)",
                   1 << 20);
    cli.option("--runs", runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.sizeOption("--read-size", readFloats,
                   "Floats the read kernel reads (default: four times the largest size, "
                   "at least " +
                       std::to_string(hoc::ReadBenchmark::kMinFloats) + ", at most what fits)",
                   INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    std::vector<ReduceKernel> kernels;
    for (const ReduceKernel k : reduceKernels())
        if (std::find(chosen.begin(), chosen.end(), kernelName(k)) != chosen.end())
            kernels.push_back(k);
    std::vector<std::string> columns;
    for (const ReduceKernel k : kernels)
        columns.push_back(shortName(k));

    const hoc::Repeats repeats{1, static_cast<int>(runs)};
    const std::size_t largest = *std::max_element(sizes.begin(), sizes.end());
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(largest), 3, "N = " + std::to_string(largest));
    // Held at once on the host: the N floats, and the copy yardstick's input and read-back; on a CPU
    // device also its two buffers (the reduction's own, one at a time, are fewer).
    const double floats = sizeof(float) * static_cast<double>(largest);
    hoc::requireHostMemory(hoc::hostBytes(device, 3 * floats, 2 * floats), "N = " + std::to_string(largest));
    // Before any run: every sum's check must tell a right result from a wrong one (from 0).
    Reduction reduction(device);
    for (const std::size_t n : sizes) {
        const hoc::SumReference expected = hoc::sumReference(
            hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f));
        for (const ReduceKernel k : kernels)
            hoc::requireDecisiveSum(expected, reduction.additions(n, k, {local}),
                                    "the sum of N = " + hoc::sizeText(n) + " floats with " + kernelName(k));
    }
    // The yardstick of a kernel that only reads: the read kernel's best rate (clpeak's measurement),
    // measured once, over four times the largest size (long enough that its start-up does not count).
    const double readGbps = hoc::readYardstickGbps(device, readFloats, largest, repeats, std::cout);
    hoc::CopyBenchmark copy(device);
    hoc::BandwidthTable table(std::cout, "N (GB/s)", columns);
    const ReduceKernel picked = kernelFor(device);  // step 7 on a CPU, step 6 elsewhere
    double pickedGbps = 0;                          // its rate at the largest size, if it ran

    for (const std::size_t n : sizes) {
        const std::vector<float> data = hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f);
        const hoc::SumReference expected = hoc::sumReference(data);
        const double copyGbps = copy.gbps(n, repeats);
        std::vector<std::pair<double, bool>> cells;
        for (const ReduceKernel k : kernels) {
            const ReduceResult r = reduction.sum(data, k, {local, repeats});
            const hoc::CheckResult check = hoc::checkSum(expected, r.sum, r.additions);
            const double bytes = sizeof(float) * static_cast<double>(n);  // each element read once
            cells.emplace_back(hoc::gbps(bytes, r.seconds), check.ok);
            if (k == picked && n == largest && check.ok)
                pickedGbps = cells.back().first;
            if (n == largest || !check.ok) {
                hoc::Extra extra = {{"flops", static_cast<double>(n - 1)}};  // n floats, n - 1 additions
                for (std::size_t p = 0; p < r.passSeconds.size(); ++p)
                    extra.emplace_back("pass_" + std::to_string(p + 1) + "_s", r.passSeconds[p]);
                extra.emplace_back("between_passes_s", r.betweenSeconds);
                hoc::reportAgainstCopy(
                    report, shortName(k) + " (" + kernelName(k) + ", " + std::to_string(r.passes) + " passes)",
                    "N = " + hoc::sizeText(n), check, r.seconds, bytes, copyGbps, readGbps, extra);
                // Where the time went: each pass, and the launches between them.
                std::string passes;
                for (const double s : r.passSeconds)
                    passes += (passes.empty() ? "" : " + ") + hoc::formatTime(s);
                std::cout << "  passes " << passes << ", and " << hoc::formatTime(r.betweenSeconds)
                          << " between them\n";
            }
        }
        table.row(hoc::sizeText(n), copyGbps, cells);
    }
    if (pickedGbps > 0) {
        std::ostringstream percent;
        percent << std::fixed << std::setprecision(1) << 100 * pickedGbps / readGbps;
        std::cout << "For this device (" << (picked == ReduceKernel::Cpu ? "a CPU" : "not a CPU")
                  << ") the program picks " << shortName(picked) << " (" << kernelName(picked)
                  << "): " << hoc::rateText(pickedGbps) << " GB/s at N = " << hoc::sizeText(largest) << ", "
                  << percent.str() << "% of the read kernel\n";
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
