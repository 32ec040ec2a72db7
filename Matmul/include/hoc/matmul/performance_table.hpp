// The slides' matrix-multiplication performance table, measured: every variant on every size, a
// warm-up and repeats, the median time, MFLOPS, the speed-up over the sequential code, and a check
// of every result. Used by the matmul_table program (matmul_table.cpp) and by Exercise 09's programs.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/matmul/matmul_host.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc::matmul {

// One row of the table.
struct Variant {
    std::string key;    // what --variants calls it
    std::string label;  // the row's text, as the slides name the case
    HostFunction run;   // empty for the sequential code, which runs on the host (hoc::matmul::serial)
    // Bytes the kernel reads from and writes to global memory, counted access by access as the kernel
    // is written (caches ignored). Recorded as "bytes" in the JSON for the roofline; may be empty.
    std::function<double(Dims)> bytes;
    // The slides' MFLOPS for this case (Intel Xeon E5649 CPU, NVIDIA Tesla M2090 GPU); 0 where none.
    double slidesCpu = 0, slidesGpu = 0;
};

struct TableOptions {
    Repeats repeats{1, 3};       // a warm-up, then timed runs; the table shows their median
    std::size_t serialRows = 0;  // rows of C the sequential code computes; 0: all, or fewer if that is slow
};

// One cell of the table: what one variant did on one size.
struct TableCell {
    const Variant* variant = nullptr;
    Dims dims;
    bool ran = false;      // false: skipped or failed, `note` says why
    bool failed = false;   // an error (a missing kernel file, a build failure, a limit), not a missing feature
    bool usage = false;    // ... and that error was the request's (hoc::UsageError: a limit): exit status 2
    bool correct = false;  // every run (warm-up included) passed the check
    std::string note;
    double seconds = 0;  // median kernel time (for the sequential code: the one timed run)
    double mflops = 0;
    double speedup = 0;  // over the sequential code on the same size; 0 when that was not run
};

// The rows of C the sequential code computes for `d`: all of them up to about 2^32 floating-point
// operations, fewer beyond (its rate per row does not depend on how many rows it computes, since
// every row reads all of B), unless `requested` says otherwise.
std::size_t serialRows(Dims d, std::size_t requested);

// Runs every variant on every size on `device`, adds one result per variant and size to `report`
// (printed as it goes), and returns the table's cells in the same order.
std::vector<TableCell> measure(const cl::Device& device, const std::vector<Variant>& variants,
                               const std::vector<Dims>& sizes, const TableOptions& options, Report& report);

// The Markdown table: one row per variant, MFLOPS and speed-up for each size, the slides' numbers.
void printTable(std::ostream& out, const std::vector<TableCell>& rows, const std::vector<Dims>& sizes,
                const TableOptions& options);

// Throws hoc::Failure (exit status 3) naming the rows that failed with an error, after the table has
// been printed: a row skipped for a missing device feature is not an error.
void requireEveryRowRan(const std::vector<TableCell>& rows);

}  // namespace hoc::matmul
