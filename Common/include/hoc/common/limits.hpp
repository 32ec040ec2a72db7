// Checking a launch against the device's limits before enqueuing it, so a request that cannot run
// fails with a message naming the limit instead of CL_INVALID_WORK_GROUP_SIZE or
// CL_OUT_OF_RESOURCES from deep inside the queue. Every check in the course goes through these:
// each throws hoc::UsageError naming the limit, and `what` says who asked ("--local 2048", "the
// blocked kernel with tile 32"). They throw hoc::UsageError (exit status 2): the size asked for is
// what has to change.
//
// A size compiled into a kernel (a tile side given as -DTILE=...) can be checked against the device
// before the kernel is built, so that a hopeless size fails before the compiler does; once the
// kernel exists, check against the kernel too: its limits can be lower than the device's.
// (The host memory a run will need is checked by hoc/common/host_memory.hpp.)
#pragma once

#include <cstddef>
#include <string>

#include "hoc/common/opencl.hpp"

namespace hoc {

// Work-group size.

// Before building: a 2D work-group of x * y work-items, the product at most
// CL_DEVICE_MAX_WORK_GROUP_SIZE, each side at most CL_DEVICE_MAX_WORK_ITEM_SIZES.
void requireWorkGroupSize2D(const cl::Device& device, std::size_t x, std::size_t y, const std::string& what);

// `size` work-items in one work-group: at most CL_KERNEL_WORK_GROUP_SIZE for this kernel on this device.
void requireWorkGroupSize(const cl::Kernel& kernel, const cl::Device& device, std::size_t size,
                          const std::string& what);

// A 2D work-group of x * y work-items: each side at most CL_DEVICE_MAX_WORK_ITEM_SIZES, the
// product at most CL_KERNEL_WORK_GROUP_SIZE.
void requireWorkGroupSize2D(const cl::Kernel& kernel, const cl::Device& device, std::size_t x, std::size_t y,
                            const std::string& what);
// A 3D work-group of x * y * z work-items: each side at most CL_DEVICE_MAX_WORK_ITEM_SIZES, the
// product at most CL_KERNEL_WORK_GROUP_SIZE.
void requireWorkGroupSize3D(const cl::Kernel& kernel, const cl::Device& device, std::size_t x, std::size_t y,
                            std::size_t z, const std::string& what);

// Local memory.

// Before building: `bytes` of local memory (e.g. a __local array whose size is a build option, or
// what will be passed as __local arguments) at most CL_DEVICE_LOCAL_MEM_SIZE.
void requireLocalMemory(const cl::Device& device, std::size_t bytes, const std::string& what);

// `bytes` of local memory passed as __local arguments, on top of what the kernel declares itself
// (CL_KERNEL_LOCAL_MEM_SIZE): together at most CL_DEVICE_LOCAL_MEM_SIZE.
void requireLocalMemory(const cl::Kernel& kernel, const cl::Device& device, std::size_t bytes, const std::string& what);

}  // namespace hoc
