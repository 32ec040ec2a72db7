// Exercise 18: command line, inputs, checks and report. For each design it counts the bytes in one
// launch (timed) and again with the work-groups launched one at a time, last group first: a correct
// design gives the same bins in any order; step 3 does not. The OpenCL work is in histogram.cpp; the
// reference, the checks and the rows are Measure's (hoc/measure/histogram_reference.hpp).
#include <algorithm>
#include <functional>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "histogram.hpp"
#include "hoc/measure/histogram_reference.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 24;
    std::vector<std::string> names;
    for (const HistogramKernel k : histogramKernels())
        names.push_back(optionName(k));
    std::vector<std::string> chosen = names;
    std::size_t local = 0, groups = 0;
    long runs = 5;
    bool oneLaunchOnly = false;
    cli.sizeOption("-n,--size", n, "Number of bytes to count", 0xFFFFFFFFu);
    cli.listOption("--kernels", chosen, "Designs to run (default all)", names);
    cli.sizeOption("--local", local, "Work-group size (default 64, or the device's maximum if less)", 1 << 20);
    cli.sizeOption("--groups", groups, "Work-groups (default 16 per compute unit)", 1 << 20);
    cli.option("--runs", runs, "Timed runs of each one-launch histogram after one warm-up; the median is reported", 1,
               1000);

    cli.flag("--one-launch", oneLaunchOnly,
             "Only the one-launch runs of the correct designs (no run one group at a time)");

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    hoc::requireHistogramMemory(device, n);  // exit status 2 where the device or the host cannot hold them
    const std::vector<std::uint8_t> data = hoc::randomBytes(n, 18);
    const std::vector<std::uint64_t> expected = hoc::histogramReference(data);

    Histogram histogram(device);
    const auto run = [&](HistogramKernel k, GroupOrder order, const hoc::Repeats& repeats) {
        const HistogramResult r = histogram.count(data, k, {local, groups, order, repeats});
        return hoc::HistogramRun{r.bins, r.groups, r.workGroupSize, r.seconds};
    };
    const std::string size = "N = " + std::to_string(n), lastFirst = orderName(GroupOrder::Reversed);
    for (const HistogramKernel k : histogramKernels()) {
        if (std::find(chosen.begin(), chosen.end(), optionName(k)) == chosen.end())
            continue;
        const std::string name = optionName(k) + " (" + kernelNames(k) + ")";
        if (dependsOnGroupOrder(k)) {
            // Step 3, wrong on purpose: right when the last group happens to run last (groups in
            // order), wrong otherwise (last first); one run each, untimed.
            const hoc::HistogramRun forward = run(k, GroupOrder::InOrder, {0, 1});
            const hoc::HistogramRun back = run(k, GroupOrder::Reversed, {0, 1});
            hoc::reportOrderDependent(report, std::cout, name, size, expected, forward, orderName(GroupOrder::InOrder),
                                      back, lastFirst);
            continue;
        }
        // In one launch, timed; then (unless --one-launch) one group at a time, last first: the same bins.
        const auto once = [&] { return run(k, GroupOrder::OneLaunch, {1, static_cast<int>(runs)}); };
        const auto back = [&] { return run(k, GroupOrder::Reversed, {0, 1}); };
        hoc::reportOrderIndependent(report, name, size, expected, once,
                                    oneLaunchOnly ? std::function<hoc::HistogramRun()>() : back, lastFirst);
    }
    return cli.finish(report);  // --json; exit status 0 when every result is as expected, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
