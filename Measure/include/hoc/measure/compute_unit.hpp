// What one compute unit of a device holds at once, and what one work-group of a kernel takes of it
// (Exercise 23, occupancy): the figures OpenCL does not report, from the vendor's documentation, and
// those the runtime reports of a kernel, with the registers NVIDIA's compiler prints in its build log.
#pragma once

#include <cstddef>
#include <string>

#include "hoc/common/opencl.hpp"

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

}  // namespace hoc
