// Exercise 18: command line, inputs, checks and report. For each design it counts the bytes in one
// launch (timed) and again with the work-groups launched one at a time, last group first: a correct
// design gives the same bins in any order; step 3 does not. The OpenCL work is in histogram.cpp.
#include <algorithm>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "histogram.hpp"
#include "histogram_reference.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise18_Atomics",
                         "Exercise 18: a histogram of N bytes with atomics, and the order of work-groups");
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

    hoc::requireBuffers(device, static_cast<double>(n), 1, "N = " + std::to_string(n));
    // Held at once on the host: the N bytes (and on a CPU device their buffer).
    hoc::requireHostMemory(hoc::hostBytes(device, static_cast<double>(n), static_cast<double>(n)),
                           "N = " + std::to_string(n));
    const std::vector<std::uint8_t> data = hoc::randomBytes(n, 18);
    const std::vector<std::uint64_t> expected = hoc::histogramReference(data);
    const std::string size = "N = " + std::to_string(n);

    Histogram histogram(device);
    for (const HistogramKernel k : histogramKernels()) {
        if (std::find(chosen.begin(), chosen.end(), optionName(k)) == chosen.end())
            continue;
        const std::string name = optionName(k) + " (" + kernelNames(k) + ")";
        if (!dependsOnGroupOrder(k)) {
            // In one launch, timed; then one group at a time, last first: the same bins.
            const HistogramResult r = histogram.count(
                data, k, {local, groups, GroupOrder::OneLaunch, {1, static_cast<int>(runs)}});
            const hoc::CheckResult check = hoc::checkHistogram(expected, r.bins);
            report.bandwidth(name + ", " + std::to_string(r.groups) + " work-groups of " +
                                 std::to_string(r.workGroupSize),
                             size, check, {r.seconds, 0}, static_cast<double>(n));
            if (oneLaunchOnly)
                continue;
            const HistogramResult back = histogram.count(data, k, {local, groups, GroupOrder::Reversed});
            report.add({name + ", " + orderName(GroupOrder::Reversed),
                        size,
                        hoc::checkHistogram(expected, back.bins).ok,
                        hoc::checkHistogram(expected, back.bins).message(),
                        0,
                        0,
                        "",
                        {}});
            continue;
        }
        // Step 3, wrong on purpose: right when the last group happens to run last, wrong otherwise.
        const HistogramResult forward = histogram.count(data, k, {local, groups, GroupOrder::InOrder});
        const HistogramResult back = histogram.count(data, k, {local, groups, GroupOrder::Reversed});
        const hoc::CheckResult inOrder = hoc::checkHistogram(expected, forward.bins);
        const hoc::CheckResult reversed = hoc::checkHistogram(expected, back.bins);
        report.add({name + ", " + orderName(GroupOrder::InOrder), size, inOrder.ok, inOrder.message(), 0, 0, "", {}});
        if (back.groups < 2) {
            std::cout << "  (one work-group only: no other order to try; use a larger --size or --groups)\n";
            continue;
        }
        // Expected to be wrong: this row is correct when the program shows the bug.
        const std::string count = std::to_string(reversed.wrong) + " of " + std::to_string(kBins) + " bins wrong";
        report.add({name + ", " + orderName(GroupOrder::Reversed),
                    size,
                    !reversed.ok,
                    reversed.ok ? "the bins came out right: expected them wrong, the last group ran first"
                                : "wrong, as expected (" + count + "): this design depends on the order of work-groups",
                    0,
                    0,
                    "",
                    {}});
    }
    return cli.finish(report);  // --json; exit status 0 when every result is as expected, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
