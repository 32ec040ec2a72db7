// Exercise A: command line, checks and the scalar-versus-vector comparison. The OpenCL work is in
// vector_pi.cpp, the kernels in pi.cl (Exercise 10) and pi_vector.cl.
#include <cstdio>
#include <iostream>
#include <string>

#include "hoc/cli/main.hpp"
#include "vector_pi.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
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

    const std::string scalar = "scalar (pi)";
    double scalarRate = 0;  // steps/s of the scalar kernel, when it ran
    std::vector<hoc::Result> rows;
    for (const std::string& w : widths) {
        VectorPiOptions options;
        options.steps = steps;
        options.width = std::stoi(w);
        options.workGroupSize = local;
        options.repeats = {1, static_cast<int>(runs)};
        // Its pi checked within the course's target, and for the roofline, as Exercise 10's tree design
        // (the same loop per lane), 7 flops per step.
        const std::string name = options.width == 1 ? scalar : "float" + w + " (pi_vector)";
        rows.push_back(hoc::pi::row(name, vectorPi(device, options), steps, 7.0));
        rows.back().extra.push_back({"width", static_cast<double>(options.width)});
        report.add(rows.back());
        if (options.width == 1)
            scalarRate = rows.back().rate;
    }
    for (const hoc::Result& row : rows)  // "float4 (pi_vector): 2.10x the steps/s of the scalar kernel"
        if (row.name != scalar && scalarRate > 0) {
            char line[120];
            std::snprintf(line, sizeof line, "%s: %.2fx the steps/s of the scalar kernel\n", row.name.c_str(),
                          row.rate / scalarRate);
            std::cout << line;
        }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
