// Exercise 16: the bandwidth driver. For each size it times the copy kernel and every reduction kernel,
// checks each sum and prints a row of GB/s, against a read kernel measured once (hoc::runBandwidthSweep,
// hoc/measure/bandwidth.hpp). The OpenCL work is in reduce.cpp.
#include <algorithm>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/common/names.hpp"
#include "hoc/measure/bandwidth.hpp"
#include "hoc/measure/bandwidth_main.hpp"
#include "reduce.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::vector<std::size_t> sizes;  // 2^12 to 2^26 floats unless told
    for (int p = 12; p <= 26; ++p)
        sizes.push_back(std::size_t{1} << p);
    std::size_t local = 0;  // 0: each kernel's own default (ReduceOptions)
    cli.sizesOption("--sizes", sizes, "Numbers of floats to sum (default 2^12 to 2^26)");
    cli.sizeOption("--local", local,
                   "Work-group size (default 256, 64 for reduce_float4, 1 for reduce_cpu, or the "
                   "kernel's maximum if less)",
                   1 << 20);
    hoc::BandwidthOptions o;  // --kernels, --runs, --read-size
    hoc::addBandwidthOptions(cli, o, hoc::namesOf(reduceKernels(), kernelName), "the largest size");
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const std::vector<ReduceKernel> kernels = hoc::chosenOf(reduceKernels(), o.kernels, kernelName);
    const hoc::Repeats repeats = o.repeats();
    const std::size_t largest = *std::max_element(sizes.begin(), sizes.end());
    // Exit status 2 where the device cannot hold the largest size's three buffers, or the host the N
    // floats, the copy yardstick's input and read-back (on a CPU device also two of the buffers).
    hoc::requireSweepMemory(device, sizeof(float) * static_cast<double>(largest), 3, 3, 2,
                            "N = " + std::to_string(largest));
    Reduction reduction(device);
    // Exit status 2 where a sum's check could not tell a right result from a wrong one.
    const auto data = [](std::size_t n) { return hoc::randomFloats(n, static_cast<std::uint32_t>(n), -1.0f, 1.0f); };
    hoc::requireDecisiveSums(sizes, hoc::namesOf(kernels, kernelName), data,
                             [&](std::size_t n, std::size_t k) { return reduction.additions(n, kernels[k], {local}); });

    // The read yardstick once, then each size: the copy and every kernel, each sum checked
    // (hoc::runBandwidthSweep prints the table of GB/s and reports the kernels).
    hoc::BandwidthSweep sweep("N (GB/s)", hoc::namesOf(kernels, shortName), repeats);
    for (const std::size_t n : sizes)
        sweep.add(hoc::sizeText(n), n, n == largest, "N = " + hoc::sizeText(n));
    sweep.readFloats = o.readFloats;
    sweep.at = [&](std::size_t i) -> std::function<hoc::BandwidthRun(std::size_t)> {
        const std::size_t n = sizes[i];
        std::vector<float> in = data(n);
        hoc::SumReference expected = hoc::sumReference(in);
        return [&, n, in = std::move(in), expected = std::move(expected)](std::size_t k) {
            const ReduceResult r = reduction.sum(in, kernels[k], {local, repeats});
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
