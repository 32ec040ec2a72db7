// Exercise 21: one table of the same kernels over work-group sizes from 1 to the device's largest.
// Each column is one kernel (pi's tree design, the two-pass reduction, the naive transpose), each
// row one work-group size; every cell is checked. The sizes come from your workGroupSizes()
// (sizes.cpp); the measuring is in sweep.cpp.
//   workgroup_sizes
//   workgroup_sizes --kernels pi reduce --steps 16777216 --runs 5
#include <algorithm>
#include <climits>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "hoc/cli/main.hpp"
#include "hoc/common/report.hpp"
#include "sweep.hpp"

namespace {

std::string rate(double value)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3) << value;
    return s.str();
}

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise21_WorkGroupSize",
                         "Exercise 21: pi, a reduction and a transpose at every work-group size");
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

    std::vector<SweepColumn> columns;
    for (const SweptKernel k : sweptKernels())
        if (std::find(chosen.begin(), chosen.end(), keyOf(k)) != chosen.end()) {
            columns.push_back(sweep(device, k, options));
            std::cout << titleOf(k) << ": work-group sizes tried " << columns.back().cells.size()
                      << ", its limit on this device " << columns.back().limit << "\n";
        }

    // The table: one row per size any column ran, "-" past a kernel's limit.
    std::vector<std::size_t> sizes;
    for (const SweepColumn& c : columns)
        for (const SweepCell& cell : c.cells)
            sizes.push_back(cell.size);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    std::cout << "\n" << std::setw(10) << "work-group";
    for (const SweepColumn& c : columns)
        std::cout << std::setw(20) << titleOf(c.kernel) << std::setw(8) << "";
    std::cout << "\n" << std::setw(10) << "size";
    for (const SweepColumn& c : columns)
        std::cout << std::setw(20) << unitOf(c.kernel) << std::setw(8) << "best";
    std::cout << "\n";
    for (const std::size_t size : sizes) {
        std::cout << std::setw(10) << size;
        for (const SweepColumn& c : columns) {
            const auto cell = std::find_if(c.cells.begin(), c.cells.end(), [&](auto& x) { return x.size == size; });
            double best = 0;
            for (const SweepCell& x : c.cells)
                best = std::max(best, x.rate);
            if (cell == c.cells.end())
                std::cout << std::setw(20) << "-" << std::setw(8) << "";
            else
                std::cout << std::setw(20) << (cell->correct ? rate(cell->rate) : "WRONG") << std::setw(7)
                          << static_cast<int>(best > 0 ? 100.0 * cell->rate / best + 0.5 : 0) << "%";
        }
        std::cout << "\n";
    }
    std::cout << "\n";

    // Reported: for each kernel, work-groups of 1 and the fastest size; correct only when every
    // size was (the detail names the first that was not).
    for (const SweepColumn& c : columns) {
        const auto wrong = std::find_if(c.cells.begin(), c.cells.end(), [](auto& x) { return !x.correct; });
        const auto best = std::max_element(c.cells.begin(), c.cells.end(),
                                           [](auto& x, auto& y) { return x.rate < y.rate; });
        const std::string all = wrong == c.cells.end()
                                    ? "correct at all " + std::to_string(c.cells.size()) + " sizes"
                                    : "WRONG at work-group size " + wrong->shape + ": " + wrong->detail;
        const std::pair<const char*, const SweepCell*> rows[] = {{", work-groups of 1", &c.cells.front()},
                                                                 {", fastest work-group", &*best}};
        for (const auto& [title, cell] : rows) {
            hoc::Result r;
            r.name = titleOf(c.kernel) + title;
            r.correct = wrong == c.cells.end();
            r.detail = all + "; work-group " + cell->shape;
            r.seconds = cell->seconds;
            r.rate = c.kernel == SweptKernel::Pi ? cell->rate * 1e9 : cell->rate;
            r.unit = c.kernel == SweptKernel::Pi ? "steps/s" : "GB/s";
            if (c.kernel != SweptKernel::Pi)
                r.extra.emplace_back("bytes", cell->rate * 1e9 * cell->seconds);
            r.extra.emplace_back("work_group_size", static_cast<double>(cell->size));
            report.add(r);
        }
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
