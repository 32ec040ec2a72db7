// Exercise 22, part 2: runs the three kernels of warps2d.cl on the same grid for each work-group
// shape, checks each result against its serial reference (exactly), and hands the times to Measure's
// table (hoc::printWarpTable): per shape, how many warps your warpsPerGroup gives a work-group, how
// many of them hold both paths under each rule (by your warpOf), and each kernel's time as a multiple
// of by_warp's; then says whether your step 4 prediction is made (the tests check it).
#include <iostream>

#include "divergence.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "warps2d.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::vector<std::size_t> size = {2048, 2048};
    std::vector<std::vector<std::size_t>> groups = {{32, 8}, {16, 16}, {8, 32}, {64, 4}};
    std::size_t steps = 1024;
    std::size_t warp = 0;
    int runs = 5;
    cli.shapeOption("--size", size, "WIDTHxHEIGHT", 2, "The grid: one element per work-item", kMaxElements,
                    {kMaxElements, "2^30: the kernels index the grid with a uint"});
    cli.shapesOption("--groups", groups, "XxY", 2, "Work-group shapes, dimension 0 first", 1u << 16);
    cli.sizeOption("--steps", steps, "Rounds of each path's loop (two multiply-adds each)", UINT32_MAX);
    cli.sizeOption("--width", warp,
                   "Work-items per warp (default: the kernel's CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE)",
                   UINT32_MAX);
    cli.option("--runs", runs, "Timed runs of each kernel after one warm-up; the median is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const std::size_t width = size[0], height = size[1], n = width * height;
    hoc::requireFloatsInOut(device, n, std::to_string(n) + " elements");  // exit status 2 where they do not fit

    Warps2d warps(device);
    const bool chosen = warp != 0;
    if (!chosen)
        warp = warps.preferredMultiple();
    std::cout << "warps of " << warp << " work-items ("
              << (chosen ? "--width" : "CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE; --width sets another") << ")\n";

    const std::vector<float> in = hoc::randomFloats(n, 222);
    const hoc::Repeats repeats{1, runs};
    const double flops = 4.0 * static_cast<double>(steps) * static_cast<double>(n);  // 2 fma per round
    const std::string sizeText = std::to_string(width) + "x" + std::to_string(height) + ", " + std::to_string(steps) +
                                 " steps";
    const Rule rules[] = {Rule::column, Rule::row, Rule::warp};

    std::vector<hoc::WarpRow> rows;
    for (const auto& g : groups) {
        hoc::WarpRow row;
        row.shape = {g[0], g[1]};
        for (int r = 0; r < 3; ++r) {
            const GridRun run = warps.run(rules[r], in, width, height, row.shape, static_cast<unsigned>(steps), warp,
                                          repeats);
            const auto expected = hoc::referenceByRule(in, width, height, row.shape, static_cast<unsigned>(steps), warp,
                                                       rules[r], warpOf);
            report.flops(std::string(kernelName(rules[r])) + " (" + ruleText(rules[r]) + "), work-groups of " +
                             row.shape.text(),
                         sizeText, hoc::compare(expected, run.out), {run.seconds, 0}, flops);
            row.seconds[r] = run.seconds;
        }
        rows.push_back(row);
    }

    hoc::printWarpTable(rows, warp, warpOf, warpsPerGroup);
    const StepFourPrediction prediction = stepFourPrediction();
    const bool made = prediction.timesByWarpWhenMixed != 0 ||
                      prediction.mixedByRow != decltype(prediction.mixedByRow){} ||
                      prediction.mixedByColumn != decltype(prediction.mixedByColumn){};
    std::cout << "your prediction of step 4 (stepFourPrediction in warps.cpp): "
              << (made ? "made; the tests check it against warps of 32" : "not made yet") << "\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
