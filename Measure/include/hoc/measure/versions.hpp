// Versions of one computation timed on the same inputs (Exercise 2's chain of three kernels and its
// fused kernel): each one's median time, the GB/s of the bytes it moves, and its time over the first
// version's.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace hoc {

struct VersionTime {
    std::string name;    // "chain"
    double seconds = 0;  // the median device time of one run
    double bytes = 0;    // what it moves between global memory and the compute units, as the room counts it
};

// A line saying how many timed `runs` each median is of, then the table: one row per version.
void printVersionTimes(std::ostream& out, int runs, const std::vector<VersionTime>& rows);

}  // namespace hoc
