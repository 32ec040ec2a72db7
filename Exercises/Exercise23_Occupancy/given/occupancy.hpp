// Exercise 23: how many work-groups fit on a compute unit, and what that does to speed.
// The lesson is fitPerComputeUnit (occupancy.cpp); everything else here is given.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/compute_unit.hpp"

// What one compute unit holds at once (from the vendor's documentation or the command line; 0: not
// known) and what one work-group of a kernel takes of it (as the runtime reports it): read their
// fields in hoc/measure/compute_unit.hpp.
using hoc::ComputeUnitLimits;
using hoc::KernelFootprint;

// How many work-groups one compute unit holds: what each resource allows on its own (empty where
// the compute unit's or the kernel's figure is not known), the fewest of them (`groups`, 0 when none
// is known), and the name of the resource that gives it: "work-items", "work-groups",
// "local memory" or "registers" (the first of these in that order on a tie; "" when none is known).
struct Fit {
    std::optional<std::size_t> byWorkItems, byWorkGroups, byLocalMemory, byRegisters;
    std::size_t groups = 0;
    std::string limit;
    std::size_t slots = 0;  // the compute unit's work-item slots one work-group takes
};

// The lesson (occupancy.cpp): the arithmetic of 004 section 4.11 and "Block Granularities
// Considerations", with the work-group rounded up to whole scheduling units (the multiple).
Fit fitPerComputeUnit(const ComputeUnitLimits& cu, const KernelFootprint& kernel);

// Step 3's prediction (occupancy.cpp), worked out before anything runs: for the H100's compute unit
// (documentedLimits: compute capability 9.0), work-groups of 256 and arrays of whole KiB (the
// kernel's local memory is the array + 4 bytes), the smallest array from which local memory, not
// the 2048 work-item slots, limits the work-groups; and the fraction of the 2048 slots the resident
// work-groups fill with an array of 47 KiB.
struct Prediction {
    std::size_t firstKiBLimitedByLocalMemory = 0;
    double slotsFilledAt47KiB = 0;
};
Prediction stepThreePrediction();

// The fraction of the compute unit's work-item slots the resident work-groups fill (0 when the
// work-items per compute unit are not known).
double occupancy(const ComputeUnitLimits& cu, const KernelFootprint& kernel, const Fit& fit);

// The compute unit's documented limits (hoc::documentedLimits: NVIDIA compute capability 9.0, the
// H100's, hoc::hopperLimits) are Measure's too.
using hoc::documentedLimits;
using hoc::hopperLimits;

// The serial reference of occupancy.cl's kernel for work-groups of `local` work-items.
std::vector<float> referenceStage(const std::vector<float>& in, std::size_t local);

struct StageRun {
    KernelFootprint footprint;
    std::vector<float> out;
    double seconds = 0;  // median kernel time (profiling events)
};

class Occupancy {
public:
    // Steps 1: context and profiling queue.
    explicit Occupancy(const cl::Device& device);

    // Steps 2 to 5: occupancy.cl built with -D LOCAL_FLOATS=localFloats (at least `local`), run on
    // `in` in work-groups of `local` work-items, its footprint read from the runtime.
    StageRun run(const std::vector<float>& in, std::size_t localFloats, std::size_t local,
                 const hoc::Repeats& repeats = {0, 1});

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    std::map<std::size_t, cl::Program> programs_;  // by LOCAL_FLOATS
};
