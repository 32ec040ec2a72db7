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

// What one compute unit holds at once. OpenCL reports none of these: they come from the vendor's
// documentation (documentedLimits below) or from the command line. 0 means "not known": that
// resource is left out of the arithmetic.
struct ComputeUnitLimits {
    std::size_t workItems = 0;              // resident work-items (NVIDIA: threads per SM)
    std::size_t workGroups = 0;             // resident work-groups (NVIDIA: thread blocks per SM)
    std::size_t localBytes = 0;             // local memory the resident work-groups share
    std::size_t localReservedPerGroup = 0;  // local memory the runtime keeps for itself per work-group
    std::size_t registers = 0;              // 32-bit registers the resident work-items share
    std::string source;                     // where these figures come from
};

// One work-group of a kernel, as the OpenCL runtime describes it (clGetKernelWorkGroupInfo).
struct KernelFootprint {
    std::size_t workGroupSize = 0;         // work-items per work-group (the launch's local size)
    std::size_t maxWorkGroupSize = 0;      // CL_KERNEL_WORK_GROUP_SIZE: the most a launch may have
    std::size_t multiple = 1;              // CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE
    std::size_t localBytes = 0;            // CL_KERNEL_LOCAL_MEM_SIZE
    std::size_t privateBytes = 0;          // CL_KERNEL_PRIVATE_MEM_SIZE (not used by the arithmetic)
    std::size_t registersPerWorkItem = 0;  // from the build log where the compiler prints it; 0: not known
};

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

// The documented limits of `device`'s compute unit where the course knows them (NVIDIA compute
// capability 9.0, read with cl_nv_device_attribute_query), else all 0 with `source` saying so.
ComputeUnitLimits documentedLimits(const cl::Device& device);

// NVIDIA's figures for compute capability 9.0 (the H100's), which documentedLimits gives for it.
ComputeUnitLimits hopperLimits();

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
