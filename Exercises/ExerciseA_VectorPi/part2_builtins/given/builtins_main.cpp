// Exercise A, more built-ins: the kernels of builtins.cl (conversions with saturation and rounding,
// swizzles, __constant memory, native_ math), built by builtins.cpp; Measure's hoc::runBuiltins runs
// each, checks it against the host's own computation and prints its table (hoc/measure/builtins.hpp).
#include "hoc/cli/main.hpp"
#include "hoc/measure/builtins.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    hoc::BuiltinsOptions options;
    cli.sizeOption("-n,--size", options.size, "Points of the polynomial and of each native_ function", 1 << 26);
    cli.sizeOption("--terms", options.terms, "Coefficients of the polynomial in __constant memory", 1 << 26);
    cli.listOption("--parts", options.parts, "Parts to run (default: all)", options.parts);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    hoc::runBuiltins(hoc::builtins(device), options, report);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
