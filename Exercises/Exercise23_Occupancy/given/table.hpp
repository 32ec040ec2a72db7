// Exercise 23: the driver's (main.cpp) command line, and what it chooses and prints around the runs,
// so that main.cpp reads as the run: the compute unit's figures, the array sizes, the table of prediction
// beside measurement, and step 3's prediction.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc/common/timing.hpp"
#include "occupancy.hpp"

// The command line.
struct Options {
    std::size_t n = std::size_t{1} << 24;                               // --size: floats
    std::size_t local = 256;                                            // --local: the work-group size
    std::vector<std::size_t> arrayKb = {1, 8, 16, 24, 28, 32, 40, 47};  // --array-kb
    hoc::Repeats repeats;                                               // --runs, after one warm-up
    ComputeUnitLimits given;                                            // --cu-*: the compute unit's figures

    void add(hoc::CommandLine& cli);  // the options above, on `cli`
};

// The compute unit: NVIDIA's figures where known (documentedLimits), or the command line's (all of
// them) where it gives any; printed with what OpenCL says (compute units, CL_DEVICE_LOCAL_MEM_SIZE).
ComputeUnitLimits computeUnit(const cl::Device& device, const ComputeUnitLimits& given, std::ostream& out);

// The array sizes in KiB: those the command line gives (`given`), else those of `arrayKb` below one
// work-group's local memory (47 KiB, not 48: the kernel may keep a few bytes of its own, as
// NVIDIA's does). None: hoc::Failure.
std::vector<std::size_t> arraySizes(const std::vector<std::size_t>& arrayKb, bool given, const cl::Device& device);

// One array size: what the runtime said of the kernel, how many work-groups fit, the GB/s measured.
struct OccupancyRow {
    std::size_t kb;
    KernelFootprint footprint;
    Fit fit;
    double gbps;
};

// The kernel's footprint and the table: work-groups per compute unit as each resource allows, the
// fewest, the occupancy and the GB/s measured (and against the first row's).
void printTable(std::ostream& out, const ComputeUnitLimits& cu, std::size_t local,
                const std::vector<OccupancyRow>& rows);

// Step 3's prediction (stepThreePrediction), for the H100 and work-groups of 256.
void printPrediction(std::ostream& out);
