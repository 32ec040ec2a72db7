// Exercise 21: one table of the same kernels over work-group sizes from 1 to the device's largest.
// Each column is one kernel (pi's tree design, the two-pass reduction, the naive transpose), each
// row one work-group size; every cell is checked. The sizes come from your workGroupSizes()
// (sizes.cpp); the runs are in sweep.cpp, the table and the report in hoc/measure/sweep.hpp.
//   workgroup_sizes
//   workgroup_sizes --kernels pi reduce --steps 16777216 --runs 5
#include <algorithm>
#include <climits>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "sweep.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
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
    hoc::Report report = cli.report(device);
    options.piSteps = steps;
    options.rows = rows;
    options.cols = cols;
    options.repeats.runs = static_cast<int>(runs);

    std::vector<hoc::SweepColumn> columns;
    for (const SweptKernel k : sweptKernels())
        if (std::find(chosen.begin(), chosen.end(), keyOf(k)) != chosen.end()) {
            columns.push_back(sweep(device, k, options));
            std::cout << titleOf(k) << ": work-group sizes tried " << columns.back().cells.size()
                      << ", its limit on this device " << columns.back().limit << "\n";
        }

    hoc::printSweepTable(std::cout, columns);  // one row per work-group size, one column per kernel
    hoc::reportSweep(report, columns);         // work-groups of 1 and the fastest, correct only if every size was
    return cli.finish(report);                 // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
