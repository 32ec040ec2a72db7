// The work-group sweep's one main() (Exercise 21): the command line (which kernels, each one's size,
// the runs), each chosen kernel swept by the room's `sweep`, then the table and the report of
// hoc/measure/sweep.hpp. Header-only, a layer above both hoc::measure and the front end hoc::cli
// (as hoc/matmul/main.hpp is for the matrix programs), so that neither of them needs the other.
#pragma once

#include <algorithm>
#include <climits>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc/measure/sweep.hpp"

namespace hoc {

using Sweep = std::function<SweepColumn(const cl::Device&, SweptKernel, const SweepOptions&)>;

inline int sweepMain(int argc, char** argv, const std::string& exercise, const std::string& title, const Sweep& sweep)
try {
    CommandLine cli(exercise, title);
    std::vector<std::string> keys;
    for (const SweptKernel k : sweptKernels())
        keys.push_back(keyOf(k));
    std::vector<std::string> chosen = keys;
    cli.listOption("--kernels", chosen, "Kernels to sweep (default all)", keys);
    SweepOptions options;
    std::size_t steps = options.piSteps, rows = options.rows, cols = options.cols;
    long runs = options.repeats.runs;
    cli.sizeOption("--steps", steps, "Pi's steps", std::size_t{1} << 40);
    cli.sizeOption("--size", options.reduceSize, "Floats the reduction sums", INT_MAX);
    cli.sizeOption("--rows", rows, "Rows of the transposed matrix", INT_MAX);
    cli.sizeOption("--cols", cols, "Columns of the transposed matrix", INT_MAX);
    cli.option("--runs", runs, "Timed runs at each size after a warm-up; the median counts", 1, 1000);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    Report report = cli.report(device);
    options.piSteps = steps;
    options.rows = rows;
    options.cols = cols;
    options.repeats.runs = static_cast<int>(runs);

    std::vector<SweepColumn> columns;
    for (const SweptKernel k : sweptKernels())
        if (std::find(chosen.begin(), chosen.end(), keyOf(k)) != chosen.end()) {
            columns.push_back(sweep(device, k, options));
            std::cout << titleOf(k) << ": work-group sizes tried " << columns.back().cells.size()
                      << ", its limit on this device " << columns.back().limit << "\n";
        }

    printSweepTable(std::cout, columns);  // one row per work-group size, one column per kernel
    reportSweep(report, columns);         // work-groups of 1 and the fastest, correct only if every size was
    return cli.finish(report);            // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}

}  // namespace hoc
