// Exercise 20: the program's command line, measuring and printing, so that main.cpp reads as its
// three steps: your counts, the roofs, each kernel against its prediction.
#pragma once

#include <functional>
#include <iosfwd>
#include <sstream>
#include <string>
#include <vector>

#include "hoc/matmul/main.hpp"
#include "hoc/common/names.hpp"
#include "hoc/common/report.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "traffic.hpp"

// The command line.
struct Options {
    hoc::matmul::SizeOptions sizes;                                           // --size, --m, --n, --k
    std::vector<std::string> kernels = hoc::namesOf(ladderKernels(), keyOf);  // --kernels
    long tile = 16;                                                           // --tile: the blocked kernel's
    hoc::Repeats repeats;                                                     // --repeats, after one warm-up
    Roofs given;                                                              // --bandwidth, --peak (0: measure)
    std::size_t readFloats = std::size_t{1} << 24;  // --read-size: the bandwidth roof's read kernel

    void add(hoc::CommandLine& cli);  // the options above, on `cli`
    void check() const;               // after parsing: refuses (hoc::UsageError) a negative roof
};

// Refuses (hoc::Failure, exit status 3) counts of perWorkItem (traffic.cpp) that are not there yet:
// no flops or no bytes for a kernel of `kernels`.
void requireCounts(const std::vector<LadderKernel>& kernels, hoc::matmul::Dims d, double tile);

// The kernels' rows: each kernel's counts, intensity, prediction and measured rate, reported as it
// is added and printed as one table at the end (after the runs, which print their results as they go).
class RooflineTable {
public:
    RooflineTable(hoc::Report& report, const Roofs& roofs, hoc::matmul::Dims d, double tile);

    // Runs `run` (one kernel's host function) repeats.warmups + repeats.runs times, checks every C
    // against `expected` and reports the median kernel time of the timed runs against the prediction.
    void measure(LadderKernel kernel, const std::function<hoc::matmul::MatmulResult()>& run,
                 const hoc::matmul::ExpectedC& expected, const hoc::Repeats& repeats);

    // The table and how to read it.
    void print(std::ostream& out) const;

private:
    hoc::Report& report_;
    Roofs roofs_;
    hoc::matmul::Dims d_;
    double tile_;
    std::ostringstream rows_;
};
