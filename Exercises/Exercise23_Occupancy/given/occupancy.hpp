// Exercise 23: how many work-groups fit on a compute unit, and what that does to speed.
// The lesson is fitPerComputeUnit (occupancy.cpp); everything else here is given.
#pragma once

#include <cstddef>
#include <map>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/compute_unit.hpp"

// What one compute unit holds at once (from the vendor's documentation or the command line; 0: not
// known), what one work-group of a kernel takes of it (as the runtime reports it), and how many
// work-groups fit (Fit: what each resource allows, the fewest, the resource that gives it, in the
// order work-items, work-groups, local memory, registers, and the slots one work-group takes): read
// their fields in hoc/measure/compute_unit.hpp.
using hoc::ComputeUnitLimits;
using hoc::KernelFootprint;
using Fit = hoc::OccupancyFit;

// The lesson (occupancy.cpp): the arithmetic of 004 section 4.11 and "Block Granularities
// Considerations", with the work-group rounded up to whole scheduling units (the multiple).
Fit fitPerComputeUnit(const ComputeUnitLimits& cu, const KernelFootprint& kernel);

// Step 3's prediction (occupancy.cpp), worked out before anything runs: for the H100's compute unit
// (hoc::documentedLimits: compute capability 9.0), work-groups of 256 and arrays of whole KiB (the
// kernel's local memory is the array + 4 bytes), the smallest array from which local memory, not
// the 2048 work-item slots, limits the work-groups; and the fraction of the 2048 slots the resident
// work-groups fill with an array of 47 KiB.
struct Prediction {
    std::size_t firstKiBLimitedByLocalMemory = 0;
    double slotsFilledAt47KiB = 0;
};
Prediction stepThreePrediction();

class Occupancy {
public:
    // Steps 1: context and profiling queue.
    explicit Occupancy(const cl::Device& device);

    // Step 2: occupancy.cl built with -D LOCAL_FLOATS=localFloats (at least `local`); steps 3 to 5
    // (hoc::runStage): run on `in` in work-groups of `local` work-items, its footprint read from the
    // runtime, checked against hoc::referenceStage.
    hoc::StageRun run(const std::vector<float>& in, std::size_t localFloats, std::size_t local,
                      const hoc::Repeats& repeats = {0, 1});

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    std::map<std::size_t, cl::Program> programs_;  // by LOCAL_FLOATS
};
