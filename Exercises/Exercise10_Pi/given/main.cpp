// Exercise 10: command line, checks and report. The OpenCL work is in pi.cpp; each step's row is in
// pi_check.cpp, its allowed error in the pi library (hoc/pi/bounds.hpp).
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/pi/bounds.hpp"
#include "hoc/pi/reference.hpp"
#include "pi.hpp"
#include "pi_check.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t steps = std::size_t{1} << 27, local = 0, iters = 0;
    long runs = 5;
    std::string design = "both";
    cli.sizeOption("-n,--steps", steps, "Integration steps (rectangles)", std::size_t{1} << 40);
    cli.choice("--design", design,
               "simple: step 1, the slides' kernel and sizes; simple_tree: step 2, step 1 with a tree; "
               "counted_x: step 3, step 2 with x from a small count; tree: step 4, the accurate, fast one; "
               "both: simple and tree; all: the four steps",
               {"simple", "simple_tree", "counted_x", "tree", "both", "all"});
    cli.sizeOption("--local", local, "Work-group size (default: chosen from the kernel and device)", 1 << 20);
    cli.sizeOption("--iters", iters, "Steps per work-item in steps 1-3 (default 262144)", UINT32_MAX);
    cli.option("--runs", runs, "Timed kernel runs after one warm-up; the median is reported", 1, 1000);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const std::vector<PiStep> chosen = chosenSteps(design);
    for (const PiStep& step : chosen)  // exit status 2 if a check could not decide
        hoc::pi::requireDecisive(device, step.key, step.summation, steps, local, iters);
    std::vector<hoc::Result> rows;
    std::vector<std::string> keys;
    for (const PiStep& step : chosen) {
        PiOptions options;
        options.steps = steps;
        options.design = step.design;
        options.workGroupSize = local;
        options.stepsPerItem = iters;
        options.repeats = {1, static_cast<int>(runs)};
        rows.push_back(piRow(step, pi(device, options), steps));
        keys.push_back(step.key);
        report.add(rows.back());
    }
    if (chosen.front().design == PiDesign::Simple)  // each later step's steps/s against step 1's
        hoc::pi::printSpeedups(std::cout, keys, rows);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
