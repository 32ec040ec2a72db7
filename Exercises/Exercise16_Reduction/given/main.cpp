// Exercise 16: the bandwidth driver. It measures the read kernel (the roofline's bandwidth roof) once,
// then for each size the copy kernel and every reduction kernel on the same device, checks each sum,
// prints a table of GB/s (and % of the copy's), and reports each kernel at the largest size with its
// fractions of both yardsticks; last, the step it picks for this kind of device (kernelFor). The
// OpenCL work is in reduce.cpp; what the driver refuses and how it reports, in reduce_report.cpp.
#include <algorithm>
#include <climits>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/measure/bandwidth.hpp"
#include "reduce.hpp"
#include "reduce_report.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise16_Reduction",
                         "Exercise 16: the sum of N floats, seven kernels against a copy and a read");
    std::vector<std::size_t> sizes;
    for (int p = 12; p <= 26; ++p)
        sizes.push_back(std::size_t{1} << p);
    const std::vector<std::string> names = kernelNames(reduceKernels());
    std::vector<std::string> chosen = names;
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
                   "Floats the read kernel reads (default: four times the largest size, at least " +
                       std::to_string(hoc::ReadBenchmark::kMinFloats) + ", at most what fits)",
                   INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const std::vector<ReduceKernel> kernels = chosenReductions(chosen);
    const hoc::Repeats repeats{1, static_cast<int>(runs)};
    const std::size_t largest = *std::max_element(sizes.begin(), sizes.end());
    requireMemory(device, largest);  // exit status 2 where the device or the host cannot hold it
    Reduction reduction(device);
    requireDecisiveSums(reduction, sizes, kernels, local);  // exit status 2 where a check could not decide

    // The yardstick of a kernel that only reads: the read kernel's best rate (clpeak's measurement),
    // measured once, over four times the largest size (long enough that its start-up does not count).
    const double readGbps = hoc::readYardstickGbps(device, readFloats, largest, repeats, std::cout);
    hoc::CopyBenchmark copy(device);
    hoc::BandwidthTable table(std::cout, "N (GB/s)", shortNames(kernels));
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
            cells.emplace_back(hoc::gbps(sizeof(float) * static_cast<double>(n), r.seconds), check.ok);
            if (k == picked && n == largest && check.ok)
                pickedGbps = cells.back().first;
            if (n == largest || !check.ok)
                reportSum(report, k, n, r, check, copyGbps, readGbps);
        }
        table.row(hoc::sizeText(n), copyGbps, cells);
    }
    printPicked(std::cout, picked, pickedGbps, readGbps, largest);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
