// Exercise 16: the bandwidth driver. For each size it times the copy kernel and every reduction kernel,
// checks each sum and prints a row of GB/s, against a read kernel measured once. The OpenCL work is in
// reduce.cpp; the command line, refusals and reports in reduce_report.cpp.
#include <algorithm>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/common/names.hpp"
#include "hoc/measure/bandwidth.hpp"
#include "reduce.hpp"
#include "reduce_report.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    DriverOptions o;
    addOptions(cli, o);                           // --sizes, --kernels, --local, --runs, --read-size
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const std::vector<ReduceKernel> kernels = hoc::chosenOf(reduceKernels(), o.kernels, kernelName);
    const hoc::Repeats repeats{1, static_cast<int>(o.runs)};
    const std::size_t largest = *std::max_element(o.sizes.begin(), o.sizes.end());
    requireMemory(device, largest);  // exit status 2 where the device or the host cannot hold it
    Reduction reduction(device);
    requireDecisiveSums(reduction, o.sizes, kernels, o.local);  // exit status 2 where a check could not decide

    // The yardstick of a kernel that only reads, measured once over four times the largest size.
    const double readGbps = hoc::readYardstickGbps(device, o.readFloats, largest, repeats, std::cout);
    hoc::CopyBenchmark copy(device);
    hoc::BandwidthTable table(std::cout, "N (GB/s)", hoc::namesOf(kernels, shortName));
    const ReduceKernel picked = kernelFor(device);  // step 7 on a CPU, step 6 elsewhere
    double pickedGbps = 0;                          // its rate at the largest size, if it ran

    for (const std::size_t n : o.sizes) {
        const std::vector<float> data = hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f);
        const hoc::SumReference expected = hoc::sumReference(data);
        const double copyGbps = copy.gbps(n, repeats);
        std::vector<std::pair<double, bool>> cells;
        for (const ReduceKernel k : kernels) {
            const ReduceResult r = reduction.sum(data, k, {o.local, repeats});
            const hoc::CheckResult check = hoc::checkSum(expected, r.sum, r.additions);
            cells.emplace_back(hoc::gbps(sizeof(float) * static_cast<double>(n), r.seconds), check.ok);
            if (k == picked && n == largest && check.ok)
                pickedGbps = cells.back().first;
            if (n == largest || !check.ok)
                reportSum(report, k, n, r, check, copyGbps, readGbps);
        }
        table.row(hoc::sizeText(n), copyGbps, cells);
    }
    hoc::printPicked(std::cout, picked == ReduceKernel::Cpu ? "a CPU" : "not a CPU",
                     shortName(picked) + " (" + kernelName(picked) + ")", pickedGbps, readGbps,
                     "N = " + hoc::sizeText(largest));
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
