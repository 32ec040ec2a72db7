// The built-ins' one main() (Exercise A's program `builtins`): the command line (the points, the
// polynomial's coefficients, the parts to run), the sizes' host memory checked, then the room's kernels built
// (hoc::builtins, which the room defines) and run, checked and printed by hoc::runBuiltins (hoc/measure/builtins.hpp).
// Header-only, a layer above both hoc::measure and the front end hoc::cli, as hoc/measure/sweep_main.hpp is.
#pragma once

#include <string>

#include "hoc/cli/main.hpp"
#include "hoc/measure/builtins.hpp"

namespace hoc {

inline int builtinsMain(int argc, char** argv, const std::string& exercise, const std::string& title)
try {
    CommandLine cli(exercise, title);
    BuiltinsOptions options;
    cli.sizeOption("-n,--size", options.size, "Points of the polynomial and of each native_ function", 1 << 26);
    cli.sizeOption("--terms", options.terms, "Coefficients of the polynomial in __constant memory", 1 << 26);
    cli.listOption("--parts", options.parts, "Parts to run (default: all)", options.parts);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    Report report = cli.report(device);
    requireBuiltinsMemory(device, options);  // before the build, whose compiler memory the reserve counts
    runBuiltins(builtins(device), options, report);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}

}  // namespace hoc
