// Exercise 10: command line, checks and report. The OpenCL work is in pi.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "pi.hpp"
#include "pi_reference.hpp"

namespace {

std::string number(const char* format, double value)
{
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise10_Pi", "Exercise 10: pi by numerical integration, with a reduction");
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

    const double expected = hoc::pi::reference(steps);
    struct Design {
        PiDesign design;
        const char* key;  // its --design name
        const char* name;
    };
    const Design designs[4] = {
        // the steps, in order
        {PiDesign::Simple, "simple", "simple design (work-item 0 adds the local array)"},
        {PiDesign::SimpleTree, "simple_tree", "simple_tree design (simple float sums, tree in local memory)"},
        {PiDesign::CountedX, "counted_x", "counted_x design (x from a small count, simple float sums, tree)"},
        {PiDesign::Tree, "tree", "tree design (compensated sums, tree in local memory)"},
    };
    const auto chosen = [&](const Design& d) {
        return design == d.key || design == "all" ||
               (design == "both" && (d.design == PiDesign::Simple || d.design == PiDesign::Tree));
    };
    // Before anything runs, what the options ask of steps 1-3, at the most: a work-item's steps (at
    // most --iters, 262144 without it, and at most --steps), then its work-group's sum (at most
    // --local work-items, else the device's largest work-group). A float sum that long may have to
    // be allowed so much error that a wrong pi passes: refuse it (exit 2), saying what narrows it.
    // And the work-groups' sums must fit the device: at least steps / (local x iters) of them.
    const std::uint64_t deviceLocal = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    const std::uint64_t itemSteps = std::min<std::uint64_t>(iters ? iters : 262144, steps);
    const std::uint64_t groupItems = local ? local : deviceLocal;
    for (const Design& d : designs) {
        if (!chosen(d) || d.design == PiDesign::Tree)
            continue;
        PiResult planned;
        planned.stepsPerItem = itemSteps;
        planned.workGroupSize = groupItems;
        hoc::requireDecisiveBound(
            hoc::pi::floatSumBound(floatAdditions(d.design, planned)), M_PI,
            std::string("pi, ") + d.key + " design, " + hoc::pi::stepsText(steps) + ", up to " +
                std::to_string(itemSteps) + " steps per work-item in work-groups of up to " +
                std::to_string(groupItems),
            "narrow it with fewer steps per work-item (--iters), smaller work-groups (--local), or --design tree "
            "(compensated sums, held to 1e-6)");
        const double groups = std::ceil(static_cast<double>(steps) / (static_cast<double>(local ? local : deviceLocal) *
                                                                      static_cast<double>(iters ? iters : 262144)));
        hoc::requireBuffers(device, sizeof(float) * groups, 1,
                            "pi, " + std::string(d.key) + " design: the sums of " +
                                std::to_string(static_cast<unsigned long long>(groups)) + " work-groups");
    }
    double rates[4] = {0, 0, 0, 0};  // steps/s of each design run
    for (int i = 0; i < 4; ++i) {
        const Design& d = designs[i];
        if (!chosen(d))
            continue;
        PiOptions options;
        options.steps = steps;
        options.design = d.design;
        options.workGroupSize = local;
        options.stepsPerItem = iters;
        options.repeats = {1, static_cast<int>(runs)};
        const PiResult r = pi(device, options);

        // Steps 1-3 are held to the worst case of their float sums (floatAdditions, pi.hpp);
        // step 4 to the course's target.
        const double allowed = d.design == PiDesign::Tree ? hoc::pi::kTarget
                                                          : hoc::pi::floatSumBound(floatAdditions(d.design, r));
        const hoc::CheckResult check = hoc::compareValue(expected, r.pi, allowed);
        const double rate = r.timing.kernel_s > 0 ? static_cast<double>(steps) / r.timing.kernel_s : 0;
        rates[i] = rate;

        hoc::Result row;
        row.name = d.name;
        row.size = hoc::pi::stepsText(steps);
        row.correct = check.ok;
        row.detail = "pi = " + number("%.9f", r.pi) + ", error " + number("%.2e", r.pi - M_PI) + " = midpoint rule " +
                     number("%.2e", expected - M_PI) + " + rounding " + number("%.2e", r.pi - expected) + " (allowed " +
                     number("%.1e", allowed) + "); " + std::to_string(r.workGroups) +
                     (r.workGroups == 1 ? " work-group of " : " work-groups of ") + std::to_string(r.workGroupSize) +
                     ", " + std::to_string(r.stepsPerItem) + " steps per work-item";
        row.seconds = r.timing.kernel_s;
        row.rate = rate;
        row.unit = "steps/s";
        row.extra = {{"error", r.pi - M_PI},
                     {"work_groups", static_cast<double>(r.workGroups)},
                     {"work_group_size", static_cast<double>(r.workGroupSize)},
                     {"steps_per_item", static_cast<double>(r.stepsPerItem)},
                     // For the roofline, counted as the kernels are written: per step 6 flops (i + 0.5,
                     // times step, x * x, 1 + , 4 / , the sum), 7 in the tree design (x from base +
                     // offset * step, offset += 1); global memory: one float per work-group written.
                     {"flops", (d.design == PiDesign::Tree ? 7.0 : 6.0) * static_cast<double>(steps)},
                     {"bytes", sizeof(float) * static_cast<double>(r.workGroups)}};
        report.add(row);
    }
    for (int later = 1; later < 4; ++later)
        if (rates[0] > 0 && rates[later] > 0)
            std::cout << designs[later].key << " design: " << number("%.1f", rates[later] / rates[0])
                      << "x the steps/s of the simple design\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
