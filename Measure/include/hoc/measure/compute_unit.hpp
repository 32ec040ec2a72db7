// What one compute unit of a device holds at once, and what one work-group of a kernel takes of it
// (Exercise 23, occupancy): the figures OpenCL does not report, from the vendor's documentation, and
// those the runtime reports of a kernel, with the registers NVIDIA's compiler prints in its build log.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

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

// The documented limits of `device`'s compute unit where the course knows them (NVIDIA compute
// capability 9.0, read with cl_nv_device_attribute_query), else all 0 with `source` saying so.
ComputeUnitLimits documentedLimits(const cl::Device& device);

// NVIDIA's figures for compute capability 9.0 (the H100's), which documentedLimits gives for it.
ComputeUnitLimits hopperLimits();

// Whether `device` names extension `name` among its CL_DEVICE_EXTENSIONS.
bool hasExtension(const cl::Device& device, const std::string& name);

// The registers per work-item NVIDIA's compiler prints under -cl-nv-verbose ("ptxas info    : Used
// 10 registers, ..."); 0 where the log does not say.
std::size_t registersFromBuildLog(const std::string& log);

// How many work-groups one compute unit holds (Exercise 23's lesson works it out): what each
// resource allows on its own (empty where the compute unit's or the kernel's figure is not known),
// the fewest of them (`groups`, 0 when none is known), and the name of the resource that gives it:
// "work-items", "work-groups", "local memory" or "registers" (the first of these in that order on a
// tie; "" when none is known).
struct OccupancyFit {
    std::optional<std::size_t> byWorkItems, byWorkGroups, byLocalMemory, byRegisters;
    std::size_t groups = 0;
    std::string limit;
    std::size_t slots = 0;  // the compute unit's work-item slots one work-group takes
};
using FitFunction = std::function<OccupancyFit(const ComputeUnitLimits&, const KernelFootprint&)>;

// The fraction of the compute unit's work-item slots the resident work-groups fill (0 when the
// work-items per compute unit are not known).
double occupancy(const ComputeUnitLimits& cu, const OccupancyFit& fit);

// The compute unit: the documented figures (documentedLimits), or the command line's (`given`, all
// of them) where it gives any; printed with what OpenCL says (compute units, CL_DEVICE_LOCAL_MEM_SIZE).
ComputeUnitLimits computeUnit(const cl::Device& device, const ComputeUnitLimits& given, std::ostream& out);

// The sizes in KiB of a kernel's __local array: all of `arrayKb` where the command line gave them
// (`given`), else those below one work-group's local memory (47 KiB, not 48: the kernel may keep a
// few bytes of its own, as NVIDIA's does). None: hoc::Failure.
std::vector<std::size_t> arraySizes(const std::vector<std::size_t>& arrayKb, bool given, const cl::Device& device);

// Exercise 23's kernel stage(in, out, n) (occupancy.cl, its __local array of LOCAL_FLOATS floats
// built in): the serial reference for work-groups of `local` work-items (each adds the next one of
// its work-group, wrapped), and a run of the built `program` on `queue`, its footprint read from
// the runtime (the registers from the build log where the compiler prints them).
std::vector<float> referenceStage(const std::vector<float>& in, std::size_t local);
struct StageRun {
    KernelFootprint footprint;
    std::vector<float> out;
    double seconds = 0;  // median kernel time (profiling events)
};
// Refused before the build: n floats outside 1 to 2^32 - 1, an array smaller than the work-group,
// an array the device's local memory cannot hold.
void requireStage(const cl::Device& device, std::size_t n, std::size_t localFloats, std::size_t local);
StageRun runStage(const cl::CommandQueue& queue, const cl::Program& program, std::size_t localFloats,
                  const std::vector<float>& in, std::size_t local, const Repeats& repeats);

// One array size of the table: what the runtime said of the kernel, how many work-groups fit, the
// GB/s measured.
struct OccupancyRow {
    std::size_t kb;
    KernelFootprint footprint;
    OccupancyFit fit;
    double gbps;
};

// The kernel's footprint and the table: work-groups per compute unit as each resource allows, the
// fewest, the occupancy and the GB/s measured (and against the first row's).
void printOccupancyTable(std::ostream& out, const ComputeUnitLimits& cu, std::size_t local,
                         const std::vector<OccupancyRow>& rows);

// Step 3's prediction for the H100 and work-groups of 256 (the first array in whole KiB limited by
// local memory, the slots filled at 47 KiB; both 0: not made yet) against `fit` (the student's) on
// the H100's figures.
void printOccupancyPrediction(std::ostream& out, const FitFunction& fit, std::size_t firstKiBLimitedByLocalMemory,
                              double slotsFilledAt47KiB);

}  // namespace hoc
