// Exercise A: command line, checks and the scalar-versus-vector comparison. The OpenCL work is in
// vector_pi.cpp, the kernels in pi.cl (Exercise 10) and pi_vector.cl.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "hoc/cli/main.hpp"
#include "vector_pi.hpp"
#include "../../Exercise10_Pi/given/pi_reference.hpp"  // Exercise 10's references (see CMakeLists.txt)

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("ExerciseA_VectorPi", "Exercise A: the pi program with vector types");
    std::size_t steps = std::size_t{1} << 27, local = 0;
    std::vector<std::string> widths = {"1", "4", "8"};
    long runs = 5;
    cli.sizeOption("-n,--steps", steps, "Integration steps (rectangles)", std::size_t{1} << 40);
    cli.listOption("--widths", widths, "Vector widths to run; 1 is Exercise 10's scalar kernel",
                   {"1", "2", "4", "8", "16"});
    cli.sizeOption("--local", local, "Work-group size (default: chosen from the kernel and device)", 1 << 20);
    cli.option("--runs", runs, "Timed kernel runs after one warm-up; the median is reported", 1, 1000);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const double expected = hoc::pi::reference(steps);
    double scalarRate = 0;
    std::vector<std::pair<std::string, double>> rates;
    for (const std::string& w : widths) {
        VectorPiOptions options;
        options.steps = steps;
        options.width = std::stoi(w);
        options.workGroupSize = local;
        options.repeats = {1, static_cast<int>(runs)};
        const VectorPiResult r = vectorPi(device, options);

        const hoc::CheckResult check = hoc::compareValue(expected, r.pi, hoc::pi::kTarget);
        const double rate = r.timing.kernel_s > 0 ? static_cast<double>(steps) / r.timing.kernel_s : 0;
        const std::string name = w == "1" ? "scalar (pi)" : "float" + w + " (pi_vector)";
        char detail[200];
        std::snprintf(detail, sizeof detail, "pi = %.9f, error %.2e (allowed %.0e against the midpoint rule)", r.pi,
                      r.pi - M_PI, hoc::pi::kTarget);
        hoc::Result row{name,
                        hoc::pi::stepsText(steps),
                        check.ok,
                        detail,
                        r.timing.kernel_s,
                        rate,
                        "steps/s",
                        {{"error", r.pi - M_PI},
                         {"width", static_cast<double>(options.width)},
                         {"work_groups", static_cast<double>(r.workGroups)},
                         {"work_group_size", static_cast<double>(r.workGroupSize)},
                         {"steps_per_item", static_cast<double>(r.stepsPerItem)},
                         // For the roofline, as Exercise 10's tree design (the same loop per lane): 7 flops
                         // per step; global memory: one float per work-group written.
                         {"flops", 7.0 * static_cast<double>(steps)},
                         {"bytes", sizeof(float) * static_cast<double>(r.workGroups)}}};
        report.add(row);
        if (w == "1")
            scalarRate = rate;
        else
            rates.emplace_back(name, rate);
    }
    for (const auto& [name, rate] : rates)
        if (scalarRate > 0) {
            char line[120];
            std::snprintf(line, sizeof line, "%s: %.2fx the steps/s of the scalar kernel\n", name.c_str(),
                          rate / scalarRate);
            std::cout << line;
        }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
