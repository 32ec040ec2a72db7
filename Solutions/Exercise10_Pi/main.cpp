// Exercise 10: command line, checks and report. The OpenCL work is in pi.cpp.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "hoc/main.hpp"
#include "hoc/pi.hpp"
#include "pi.hpp"

namespace {

std::string number(const char* format, double value)
{
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

}  // namespace

int main(int argc, char** argv)
{
    hoc::Main program("Exercise10_Pi", "Exercise 10: pi by numerical integration, with a reduction");
    std::size_t steps = std::size_t{1} << 27, local = 0, iters = 0;
    long runs = 5;
    std::string design = "both";
    program.sizeOption("-n,--steps", steps, "Integration steps (rectangles)", std::size_t{1} << 40);
    program.choice("--design", design, "simple: the slides' kernel and sizes; tree: the accurate, fast one",
                   {"simple", "tree", "both"});
    program.sizeOption("--local", local, "Work-group size (default: chosen from the kernel and device)", 1 << 20);
    program.sizeOption("--iters", iters, "Steps per work-item in the simple design (default 262144)", UINT32_MAX);
    program.option("--runs", runs, "Timed kernel runs after one warm-up; the median is reported", 1, 1000);

    return program.run(argc, argv, [&](const cl::Device& device, hoc::Report& report) {
        const double expected = hoc::pi::reference(steps);
        double simpleRate = 0, treeRate = 0;
        for (const PiDesign d : {PiDesign::Simple, PiDesign::Tree}) {
            const bool simple = d == PiDesign::Simple;
            if (design != "both" && design != (simple ? "simple" : "tree"))
                continue;
            PiOptions options;
            options.steps = steps;
            options.design = d;
            options.workGroupSize = local;
            options.stepsPerItem = iters;
            options.repeats = {1, static_cast<int>(runs)};
            const PiResult r = pi(device, options);

            // The simple design is held to the worst case of its float sums (each value goes through
            // up to stepsPerItem + workGroupSize additions); the tree design to the course's target.
            const double allowed =
                simple ? hoc::pi::floatSumBound(r.stepsPerItem + r.workGroupSize) : hoc::pi::kTarget;
            const hoc::CheckResult check = hoc::compareValue(expected, r.pi, allowed);
            const double rate = r.timing.kernel_s > 0 ? static_cast<double>(steps) / r.timing.kernel_s : 0;
            (simple ? simpleRate : treeRate) = rate;

            hoc::Result row;
            row.name = simple ? "simple design (work-item 0 adds the local array)"
                              : "tree design (compensated sums, tree in local memory)";
            row.size = hoc::pi::stepsText(steps);
            row.correct = check.ok;
            row.detail = "pi = " + number("%.9f", r.pi) + ", error " + number("%.2e", r.pi - M_PI) +
                         " = midpoint rule " + number("%.2e", expected - M_PI) + " + rounding " +
                         number("%.2e", r.pi - expected) + " (allowed " + number("%.1e", allowed) + "); " +
                         std::to_string(r.workGroups) + " work-groups of " + std::to_string(r.workGroupSize) +
                         ", " + std::to_string(r.stepsPerItem) + " steps per work-item";
            row.seconds = r.timing.kernel_s;
            row.rate = rate;
            row.unit = "steps/s";
            row.extra = {{"error", r.pi - M_PI},
                         {"work_groups", static_cast<double>(r.workGroups)},
                         {"work_group_size", static_cast<double>(r.workGroupSize)},
                         {"steps_per_item", static_cast<double>(r.stepsPerItem)}};
            report.add(row);
        }
        if (simpleRate > 0 && treeRate > 0)
            std::cout << "tree design: " << number("%.1f", treeRate / simpleRate)
                      << "x the steps/s of the simple design\n";
    });
}
