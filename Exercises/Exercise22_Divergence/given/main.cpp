// Exercise 22: the driver. Runs the divergent kernel and the grouped one at every span on the same
// elements, checks each result against the serial reference (exactly), and prints each time with its
// ratio to the divergent kernel's. The OpenCL work is in divergence.cpp; the serial reference and
// the table are Measure's (hoc/measure/divergence.hpp).
#include <iostream>

#include "divergence.hpp"
#include "hoc/common/data.hpp"
#include "hoc/cli/main.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 22;
    std::size_t steps = 1024;
    std::size_t local = 0;
    std::vector<std::size_t> spans = {1, 2, 4, 8, 16, 32, 64, 128, 256};
    long runs = 5;
    cli.sizeOption("-n,--size", n, "Elements (at most 2^30)", kMaxElements);
    cli.sizeOption("--steps", steps, "Rounds of each path's loop (two multiply-adds each)", UINT32_MAX);
    cli.sizeOption("--local", local, "Work-group size (default 256, or less where the kernel allows less)", 1u << 16);
    cli.sizesOption("--spans", spans, "Grouped kernel: work-items per block that take one path", kMaxSpan);
    cli.option("--runs", runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    hoc::requireFloatsInOut(device, n, std::to_string(n) + " elements");  // exit status 2 where they do not fit

    const std::vector<float> in = hoc::randomFloats(n, 22);
    const std::vector<float> expected = referencePaths(in, static_cast<unsigned>(steps));
    Divergence divergence(device);
    const hoc::Repeats repeats{1, static_cast<int>(runs)};
    const double flops = 4.0 * static_cast<double>(steps) * static_cast<double>(n);  // 2 fma per round
    const std::string size = "N = " + hoc::sizeText(n) + ", " + std::to_string(steps) + " steps";

    // Span 0 is the divergent kernel; every other span the grouped one.
    std::vector<std::size_t> order = {0};
    order.insert(order.end(), spans.begin(), spans.end());
    std::vector<std::pair<std::string, double>> rows;
    std::size_t ranLocal = 0;
    for (const std::size_t span : order) {
        const PathsResult r = divergence.run(in, static_cast<unsigned>(steps), span, local, repeats);
        ranLocal = r.local;
        const std::string name = span == 0 ? "divergent (branch on e % 2)" : "grouped, span " + std::to_string(span);
        report.flops(name, size, hoc::compare(expected, r.out), {r.seconds, 0}, flops);
        rows.emplace_back(span == 0 ? "divergent" : "grouped, span " + std::to_string(span), r.seconds);
    }

    hoc::printDivergenceTimes(ranLocal, rows);
    std::cout << "your prediction of step 3 (STEP3_SPAN in divergence.cl): "
              << (divergence.stepThreePrediction() == 0 ? "not made yet"
                                                        : "made; the tests check it against warps of 32")
              << "\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
