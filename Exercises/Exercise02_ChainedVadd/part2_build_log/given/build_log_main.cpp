// Exercise 2, part 2: builds one kernel file with buildAndShowLog (build_log.cpp). The file it is
// given by default, broken_vadd.cl, does not compile: the program prints the build log you make it
// print, then stops with CL_BUILD_PROGRAM_FAILURE (exit status 3).
#include <iostream>

#include "build_log.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/program.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::string file = "broken_vadd.cl";
    cli.option("--kernel", file, "Kernel file to build (default broken_vadd.cl, which has an error on purpose)");

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const std::string source = hoc::readKernelFile(file, HOC_KERNEL_DIRS);
    const cl::Context context(device);
    buildAndShowLog(context, device, source, std::cerr);

    report.add({"build of " + file, "", true, "no errors", 0, 0, "", {}});
    return cli.finish(report);  // --json; exit status 0
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
