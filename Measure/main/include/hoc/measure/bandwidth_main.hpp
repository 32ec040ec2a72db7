// The command line that the bandwidth drivers (the sweeps of hoc::runBandwidthSweep,
// hoc/measure/bandwidth.hpp) share: which kernels, the timed runs and the read yardstick's size.
// Header-only, a layer above both hoc::measure and the front end hoc::cli (as sweep_main.hpp), so
// that neither of them needs the other.
#pragma once

#include <climits>
#include <cstddef>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/bandwidth.hpp"

namespace hoc {

struct BandwidthOptions {
    std::vector<std::string> kernels;  // --kernels: the names of those to run (default all)
    long runs = 5;                     // --runs: timed runs after one warm-up; the median is reported
    std::size_t readFloats = 0;        // --read-size; 0: ReadBenchmark::yardstickFloats, four times the largest
    Repeats repeats() const { return {1, static_cast<int>(runs)}; }
};

// --kernels (of `names`, default all), --runs and --read-size on `cli`; `largest` says what the read
// kernel's default is four times of ("the largest size").
inline void addBandwidthOptions(CommandLine& cli, BandwidthOptions& o, const std::vector<std::string>& names,
                                const std::string& largest)
{
    o.kernels = names;
    cli.listOption("--kernels", o.kernels, "Kernels to run (default all)", names);
    cli.option("--runs", o.runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.sizeOption("--read-size", o.readFloats,
                   "Floats the read kernel reads (default: four times " + largest + ", at least " +
                       std::to_string(ReadBenchmark::kMinFloats) + ", at most what fits)",
                   INT_MAX);
}

}  // namespace hoc
