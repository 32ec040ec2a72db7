// What the main() of every matrix-multiplication program shares: the size options, the check of C
// against the double reference reported with time and MFLOPS, and hoc::matmul::programMain, the whole
// main() of Exercises 04-09's programs (each exercise's main.cpp names its runs and options only).
// Header-only, a layer above both Matmul and the front end (Cli): the target hoc::matmul_main, which the
// programs of a folder that uses Matmul link (cmake/HocCourse.cmake); hoc::matmul itself never includes it.
#pragma once

#include <climits>
#include <exception>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc/matmul/matmul_host.hpp"

namespace hoc::matmul {

// --size N for square matrices; --m, --n, --k override one dimension each (C is M x N, A is M x K).
// --size has no short form -n here, unlike the other programs' --size: "-n 300" beside "--n 300"
// would set all three dimensions or one by a dash's difference, and CLI11 2.4 refuses a program
// that has both names.
struct SizeOptions {
    std::size_t size = 1024;
    long m = 0, n = 0, k = 0;  // 0: same as --size

    void add(CommandLine& cli)
    {
        cli.sizeOption("--size", size, "M = N = K, for square matrices", INT_MAX);
        cli.option("--m", m, "Rows of A and C (default: --size)", 0, INT_MAX);
        cli.option("--n", n, "Columns of B and C (default: --size)", 0, INT_MAX);
        cli.option("--k", k, "Columns of A, rows of B (default: --size)", 0, INT_MAX);
    }

    Dims dims() const { return dims(size); }

    // The sizes with `square` in place of --size (the table program's --sizes list).
    Dims dims(std::size_t square) const
    {
        const auto pick = [square](long v) { return v > 0 ? static_cast<std::size_t>(v) : square; };
        return {pick(m), pick(n), pick(k)};
    }
};

// Checks `result` and adds it to the report under `label`, with time and MFLOPS, and the kernel's
// global-memory `bytes` as written (bytesElement() ... in hoc/matmul/matmul.hpp) for the roofline.
inline void reportRun(Report& report, const std::string& label, const Inputs& in, Dims d, const MatmulResult& result,
                      double bytes)
{
    report.flops(label, d.text(), check(in.a, in.b, result.c, d), result.timing, d.flops(), {{"bytes", bytes}});
}

// One kernel a matmul program runs: the report's label, the host function (the lesson) and the
// kernel's global-memory bytes as written (bytesElement() ... in hoc/matmul/matmul.hpp).
struct ProgramRun {
    std::string label;
    HostFunction run;
    std::function<double(Dims)> bytes;
};

// The main() of Exercises 04-09's programs: the command line (--size, --m, --n, --k and what
// `addOptions` adds), the device, the report, random inputs A and B, then for each of `runs()` (called
// after the command line is read, so it sees the options' values) the kernel run, its NDRange printed,
// C checked against the double reference and reported with time and MFLOPS. Returns the exit status:
// 0 when every result is correct, 1 when one is wrong, 2 or 3 for an error, printed by name.
inline int programMain(int argc, char** argv, const std::string& exercise, const std::string& description,
                       const std::function<void(CommandLine&)>& addOptions,
                       const std::function<std::vector<ProgramRun>()>& runs)
try {
    CommandLine cli(exercise, description);
    SizeOptions sizes;
    sizes.add(cli);
    if (addOptions)
        addOptions(cli);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    Report report = cli.report(device);

    const Dims d = sizes.dims();
    requireMatrices(device, d);
    const Inputs in = randomInputs(d);
    for (const ProgramRun& run : runs()) {
        const MatmulResult result = run.run(device, in.a, in.b, d);
        std::cout << "NDRange: " << result.launch << "\n";
        reportRun(report, run.label, in, d, result, run.bytes(d));
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}

// A program of one kernel and no options of its own (Exercises 04-06).
inline int programMain(int argc, char** argv, const std::string& exercise, const std::string& description,
                       const ProgramRun& run)
{
    return programMain(argc, argv, exercise, description, nullptr, [&run] { return std::vector<ProgramRun>{run}; });
}

}  // namespace hoc::matmul
