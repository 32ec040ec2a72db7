// Exercise 16: the bandwidth driver. For each size it times the copy kernel and every reduction kernel,
// checks each sum and prints a row of GB/s, against a read kernel measured once (hoc::runBandwidthSweep,
// hoc/measure/bandwidth.hpp). The OpenCL work is in reduce.cpp; the command line and refusals in
// reduce_report.cpp.
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

    // The read yardstick once, then each size: the copy and every kernel, each sum checked
    // (hoc::runBandwidthSweep prints the table of GB/s and reports the kernels).
    hoc::BandwidthSweep sweep("N (GB/s)", hoc::namesOf(kernels, shortName), repeats);
    for (const std::size_t n : o.sizes)
        sweep.add(hoc::sizeText(n), n, n == largest, "N = " + hoc::sizeText(n));
    sweep.readFloats = o.readFloats;
    sweep.at = [&](std::size_t i) -> std::function<hoc::BandwidthRun(std::size_t)> {
        const std::size_t n = o.sizes[i];
        std::vector<float> data = hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f);
        hoc::SumReference expected = hoc::sumReference(data);
        return [&, n, data = std::move(data), expected = std::move(expected)](std::size_t k) {
            const ReduceResult r = reduction.sum(data, kernels[k], {o.local, repeats});
            return hoc::BandwidthRun(shortName(kernels[k]) + " (" + kernelName(kernels[k]) + ", " +
                                         std::to_string(r.passes) + " passes)",
                                     r.seconds,
                                     sizeof(float) * static_cast<double>(n),  // each element read once
                                     hoc::checkSum(expected, r.sum, r.additions), r.passSeconds, r.betweenSeconds,
                                     {{"flops", static_cast<double>(n - 1)}});  // n floats, n - 1 additions
        };
    };
    const hoc::BandwidthSweepResult measured = hoc::runBandwidthSweep(device, report, std::cout, sweep);

    const ReduceKernel picked = kernelFor(device);  // step 7 on a CPU, step 6 elsewhere
    const auto column = std::find(kernels.begin(), kernels.end(), picked);
    hoc::printPicked(std::cout, picked == ReduceKernel::Cpu ? "a CPU" : "not a CPU",
                     shortName(picked) + " (" + kernelName(picked) + ")",
                     column == kernels.end() ? 0 : measured.largestGbps[column - kernels.begin()], measured.readGbps,
                     "N = " + hoc::sizeText(largest));
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
