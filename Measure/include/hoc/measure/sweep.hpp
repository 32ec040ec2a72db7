// A sweep of work-group sizes: kernels each run at every work-group size from 1 to the largest the
// device allows them, every result checked, shown as one table (a column per kernel, a row per size)
// and reported as two rows per kernel (work-groups of 1, and the fastest). The caller runs the
// kernels (Exercise 21 runs the host code of Exercises 10, 16 and 17) and fills the columns.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/report.hpp"

namespace hoc {

// One work-group size of one kernel.
struct SweepCell {
    std::size_t size = 0;  // work-items per work-group
    std::string shape;     // "64" or, for a 2D work-group, "8 x 8"
    bool correct = false;
    double rate = 0;     // in the column's unit
    double seconds = 0;  // median device time
    std::string detail;  // the check's message
};

// One kernel at every size it ran.
struct SweepColumn {
    std::string title;             // "pi (tree)"
    std::string unit;              // the rate's: "GB/s" (memory moved), or "G <things>/s" ("G steps/s")
    std::size_t limit = 0;         // the kernel's largest work-group on the device
    std::vector<SweepCell> cells;  // in increasing size
};

// The table: one row per size any column ran, each cell its rate ("WRONG" if its check failed) and
// its percentage of the column's best; "-" past a kernel's limit.
void printSweepTable(std::ostream& out, const std::vector<SweepColumn>& columns);

// Reported: for each kernel, work-groups of 1 and the fastest size; correct only when every size
// was (the detail names the first that was not). A "GB/s" column's rows carry the bytes moved; a
// "G <things>/s" column's rate is reported in <things>/s.
void reportSweep(Report& report, const std::vector<SweepColumn>& columns);

}  // namespace hoc
