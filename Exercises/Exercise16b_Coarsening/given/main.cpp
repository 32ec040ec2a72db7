// Exercise 16b: the driver. Scales the same elements with every coarsening factor (elements per
// work-item) after the plain kernel (one element per work-item, no loop), checks each result against
// the serial reference (exactly), and prints each launch's work-items and work-groups, its time, its
// GB/s and its speed against the plain kernel's (the table is Measure's, hoc/measure/coarsening.hpp).
#include <iostream>

#include "coarsening.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/measure/coarsening.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 24;
    std::size_t local = 0;
    std::vector<std::size_t> factors = {1, 2, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 1048576, 16777216};
    hoc::Repeats repeats;  // one warm-up, then the timed runs
    cli.sizeOption("-n,--size", n, "Elements (at most 2^30)", kMaxElements);
    cli.sizeOption("--local", local, "Work-group size (default 256, or less where the kernel allows less)", 1u << 16);
    cli.sizesOption("--factors", factors, "Elements per work-item, one launch each", kMaxElements);
    cli.option("--runs", repeats.runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    hoc::requireFloatsInOut(device, n, std::to_string(n) + " elements");  // exit status 2 where they do not fit

    const float scale = 3.0f;
    const std::vector<float> in = hoc::randomFloats(n, 16);
    const std::vector<float> expected = referenceScale(in, scale);
    Coarsening coarsening(device);
    const double bytes = 2.0 * sizeof(float) * static_cast<double>(n);  // each element read once, written once
    const std::string size = "N = " + hoc::sizeText(n);

    std::vector<hoc::CoarseningRow> rows;
    std::size_t ran = 0;  // the work-group size the plain kernel ran with, the table's
    for (std::size_t i = 0; i <= factors.size(); ++i) {
        const std::size_t factor = i == 0 ? 1 : factors[i - 1];  // first the plain kernel, then each factor
        const ScaleResult r = i == 0 ? coarsening.runPlain(in, scale, local, repeats)
                                     : coarsening.run(in, scale, factor, local, repeats);
        const std::string kernel = i == 0 ? "scale" : "scale_coarse";
        report.bandwidth(kernel + ", " + std::to_string(factor) + " per work-item", size, hoc::compare(expected, r.out),
                         {r.seconds, 0}, bytes);
        rows.push_back({kernel, factor, r.launch.workItems, r.launch.groups, r.seconds});  // checked; out freed
        if (i == 0)
            ran = r.local;
    }
    hoc::printCoarseningTable(std::cout, device, ran, rows, bytes);
    hoc::printCoarseningPrediction(
        std::cout, "step 5 (stepFivePrediction: the H100, 2^24 floats, work-groups of 256) against your launchFor",
        stepFivePrediction(), 132, std::size_t{1} << 24, 256,
        [](std::size_t n, std::size_t perItem, std::size_t local) { return launchFor(n, perItem, local).groups; });
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
