// Exercise A: the command line, and each width's run (vector_pi.cpp: the OpenCL work; the kernels in
// pi.cl, Exercise 10's, and pi_vector.cl) handed to the pi library's comparison of the widths.
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
    // Each width's pi checked within the course's target, then its steps/s against the scalar kernel's.
    hoc::pi::compareWidths(report, widths, steps, [&](int width) {
        return vectorPi(device, width, steps, local, {1, static_cast<int>(runs)});
    });
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
