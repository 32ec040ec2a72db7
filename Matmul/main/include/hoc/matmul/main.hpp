// What the main() of every matrix-multiplication program shares: the size options, the check of C
// against the double reference reported with time and MFLOPS, hoc::matmul::programMain, the whole
// main() of Exercises 04-09's programs (each exercise's main.cpp names its runs and options only;
// hoc::matmul::variantsMain, where the runs are rows of the performance table), and
// hoc::matmul::tableMain, that of the programs that measure variants as rows of the slides'
// performance table (Exercise 09's matmul_table names its rows only), and hoc::matmul::tileOrderMain,
// Appendix E's two load orders of one blocked kernel (Exercise 09's tile_order passes its host function).
// Header-only, a layer above both Matmul and the front end (Cli): the target hoc::matmul_main, which the
// programs of a folder that uses Matmul link (cmake/HocCourse.cmake); hoc::matmul itself never includes it.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdio>
#include <exception>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/matmul/performance_table.hpp"

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

// A program of several kernels, the rows `variants(tile)` of the performance table (Exercise 09's
// matmul_blocked): --tile, the tile side they are built for (`tileHelp` says what it sizes), and
// --variants, the kernels to run (default: all); then each run, checked and reported, as programMain.
inline int variantsMain(int argc, char** argv, const std::string& exercise, const std::string& description,
                        const std::function<std::vector<Variant>(std::size_t tile)>& variants,
                        const std::string& tileHelp)
{
    long tile = 16;
    std::vector<std::string> keys;
    for (const Variant& v : variants(1))
        keys.push_back(v.key);
    std::vector<std::string> chosen = keys;
    const auto options = [&](CommandLine& cli) {
        cli.option("--tile", tile, tileHelp, 1, 1024);
        cli.listOption("--variants", chosen, "The kernels to run (default: all)", keys);
    };
    const auto runs = [&] {
        std::vector<ProgramRun> chosenRuns;
        for (const Variant& v : variants(static_cast<std::size_t>(tile)))
            if (std::find(chosen.begin(), chosen.end(), v.key) != chosen.end())
                chosenRuns.push_back({v.label, v.run, v.bytes});
        return chosenRuns;
    };
    return programMain(argc, argv, exercise, description, options, runs);
}

// A program that measures variants as rows of the slides' performance table
// (hoc/matmul/performance_table.hpp), each checked and timed (the median of the timed runs after a
// warm-up): the rows it may run, and what it prints besides them.
struct TableProgram {
    std::function<std::vector<Variant>(std::size_t tile)> variants;  // the rows, for the tile side --tile
    std::string repeatsHelp = "Timed runs of each variant after a warm-up run";
    std::string tileHelp = "Tile side of the blocked kernels";
    // true: --sizes (several sizes), --variants (the rows to run), --serial-rows, and the Markdown
    // table after the rows; false: one size, every row, no table.
    bool table = true;
    // Printed last, from the rows as run and --repeats (may be empty).
    std::function<void(const std::vector<TableCell>& rows, long repeats)> after;
};

// The main() of such a program: the command line (--size, --m, --n, --k, --repeats, --tile and, for a
// table, --sizes, --variants and --serial-rows), the device, the report, the rows measured on every
// size, the table, a failure for the rows that failed with an error, then `after`. Returns the exit
// status as programMain does.
inline int tableMain(int argc, char** argv, const std::string& exercise, const std::string& description,
                     const TableProgram& program)
try {
    CommandLine cli(exercise, description);
    SizeOptions sizes;
    sizes.add(cli);
    std::vector<std::size_t> squares;
    std::vector<std::string> keys;
    for (const Variant& v : program.variants(1))
        keys.push_back(v.key);
    std::vector<std::string> chosen = keys;
    if (program.table) {
        cli.sizesOption("--sizes", squares, "Several sizes in one table, each as --size (e.g. 512,1024,2048)");
        cli.listOption("--variants", chosen, "The rows to run (default: all)", keys);
    }
    TableOptions options;
    long repeats = options.repeats.runs, tile = 16;
    std::size_t serialRows = 0;
    cli.option("--repeats", repeats, program.repeatsHelp, 1, 1000);
    cli.option("--tile", tile, program.tileHelp, 1, 1024);
    if (program.table)
        cli.sizeOption("--serial-rows", serialRows,
                       "Rows of C the sequential code computes (default: all up to ~4.3 GFLOP, fewer beyond)");

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    Report report = cli.report(device);

    options.repeats.runs = static_cast<int>(repeats);
    options.serialRows = serialRows;
    std::vector<Dims> all;
    if (squares.empty())
        all.push_back(sizes.dims());
    for (const std::size_t n : squares)
        all.push_back(sizes.dims(n));
    if (!program.table)
        requireMatrices(device, all.front());
    std::vector<Variant> variants;
    for (Variant& v : program.variants(static_cast<std::size_t>(tile)))
        if (std::find(chosen.begin(), chosen.end(), v.key) != chosen.end())
            variants.push_back(std::move(v));
    const auto rows = measure(device, variants, all, options, report);
    if (program.table)
        printTable(std::cout, rows, all, options);
    requireEveryRowRan(rows);
    if (program.after)
        program.after(rows, repeats);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}

// A blocked kernel's host function for tile x tile tiles, its tiles loaded along rows or, with
// downColumns, down columns (Exercise 09's matmulTileOrder): the same C in both orders.
using TileOrderFunction =
    std::function<MatmulResult(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                               Dims d, std::size_t tile, bool downColumns)>;

// The main() of Appendix E of the slides measured (Exercise 09's tile_order): the two load orders of
// `run` as two rows ("rows", "columns") of tableMain's, one size, each checked and timed, then the
// ratio of their kernel times beside the appendix's own figures.
inline int tileOrderMain(int argc, char** argv, const std::string& exercise, const std::string& description,
                         const TileOrderFunction& run)
{
    TableProgram program;
    program.variants = [run](std::size_t tile) {
        const auto order = [run, tile](bool downColumns) {
            return [run, tile, downColumns](const cl::Device& device, const std::vector<float>& a,
                                            const std::vector<float>& b,
                                            Dims d) { return run(device, a, b, d, tile, downColumns); };
        };
        // The same global-memory traffic in both orders: a tile of A and one of B per step along K.
        const auto tiled = [tile](Dims d) { return bytesTiled(d, tile, tile); };
        return std::vector<Variant>{
            {"rows", "Tiles loaded along rows (coalesced)", order(false), tiled},
            {"columns", "Tiles loaded down columns (Appendix E's mistake)", order(true), tiled},
        };
    };
    program.repeatsHelp = "Timed runs of each order after a warm-up run";
    program.tileHelp = "Tile side: tile x tile work-groups, two tiles in local memory";
    program.table = false;
    program.after = [](const std::vector<TableCell>& rows, long repeats) {
        if (rows.size() == 2 && rows[0].correct && rows[1].correct && rows[0].seconds > 0)
            std::printf(
                "\nDown columns took %.2f times the kernel time along rows (the median of %ld timed run%s each).\n"
                "Appendix E of the slides, on an NVIDIA M2090 GPU: \"around 76695.8 MFLOPS\" with the mistake,\n"
                "\"around 119304.6\" fixed; on its CPU \"the effect was not apparent\", yet the fix took it\n"
                "\"from 9.8 GFLOPS to 12 GFLOPS\".\n",
                rows[1].seconds / rows[0].seconds, repeats, repeats == 1 ? "" : "s");
    };
    return tableMain(argc, argv, exercise, description, program);
}

}  // namespace hoc::matmul
