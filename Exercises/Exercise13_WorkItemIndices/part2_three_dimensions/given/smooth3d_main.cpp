// Exercise 13, part 2: one smoothing step on a 3D grid for each work-group shape: each result checked
// against the serial reference, each time the median of the timed runs (profiling events), the table
// Measure's (hoc::printShapeTimes).
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "smooth3d.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::vector<std::size_t> gridValues = {256, 256, 256};
    std::vector<std::vector<std::size_t>> groups = {{32, 4, 2}, {8, 8, 4}, {1, 16, 16}};
    int runs = 5;
    cli.shapeOption("--grid", gridValues, "NXxNYxNZ", 3, "The grid: cells in x (dimension 0), y and z", kMaxSide);
    cli.shapesOption("--groups", groups, "XxYxZ", 3, "Work-group shapes, dimension 0 first", 1u << 16);
    cli.option("--runs", runs, "Timed runs of each shape after one warm-up; the median is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const Grid grid{gridValues[0], gridValues[1], gridValues[2]};
    hoc::requireFloatsInOut(device, grid.cells(), "a grid of " + grid.text());  // exit status 2 where it does not fit

    const std::vector<float> in = hoc::randomFloats(grid.cells(), 13);
    const std::vector<float> expected = referenceSmooth(in, grid, 1.0f / 7.0f);
    // Seven additions in another order than the reference's differ from it by at most 13 roundings
    // of the sum of seven floats in [0, 1) (relative 13 x 2^-24 < 1e-6); a wrong neighbour differs
    // by a whole input's share, w x |in[j] - in[k]|.
    const hoc::Tolerance tolerance{0, 1e-6};
    Smooth3d smooth(device);
    const hoc::Repeats repeats{1, runs};
    // Each cell read once from global memory and written once: what the step must move at least.
    const double bytes = 2.0 * sizeof(float) * static_cast<double>(grid.cells());

    std::vector<std::pair<std::string, double>> rows;
    for (const auto& g : groups) {
        const Sizes3 local = {g[0], g[1], g[2]};
        const SmoothRun r = smooth.run(in, grid, local, repeats);
        report.bandwidth("smooth, work-groups of " + sizesText(local), "grid " + grid.text(),
                         hoc::compare(expected, r.out, tolerance), {r.seconds, 0}, bytes,
                         {{"flops", 7.0 * static_cast<double>(grid.cells())}});
        rows.emplace_back(sizesText(local), r.seconds);
    }
    hoc::printShapeTimes(grid.text(), bytes, rows);
    const StepThreePrediction prediction = stepThreePrediction();
    const bool made = prediction.floatsApart32x4x2 != 0 || prediction.floatsApart1x16x16 != 0 ||
                      prediction.sectors32x4x2 != 0 || prediction.sectors1x16x16 != 0;
    std::cout << "your answer to the quiz (quizAddress in grid3d.cpp): "
              << (quizAddress() != 0 ? "made" : "not made yet")
              << "; your prediction of step 3 (stepThreePrediction): " << (made ? "made" : "not made yet")
              << "; the tests check both\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
