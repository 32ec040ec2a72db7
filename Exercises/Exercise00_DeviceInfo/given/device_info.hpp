// Exercise 0: what OpenCL sees on this machine.
#pragma once

#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"

// The facts about one device that the course uses to choose sizes and explain speed.
struct DeviceFacts {
    std::string name, vendor, version;          // CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DEVICE_VERSION
    cl_device_type type = 0;                    // CPU, GPU, accelerator
    cl_uint computeUnits = 0;                   // CL_DEVICE_MAX_COMPUTE_UNITS
    cl_uint clockMHz = 0;                       // CL_DEVICE_MAX_CLOCK_FREQUENCY
    cl_ulong globalMemBytes = 0;                // CL_DEVICE_GLOBAL_MEM_SIZE
    cl_ulong localMemBytes = 0;                 // CL_DEVICE_LOCAL_MEM_SIZE
    std::size_t maxWorkGroupSize = 0;           // CL_DEVICE_MAX_WORK_GROUP_SIZE
    std::vector<std::size_t> maxWorkItemSizes;  // CL_DEVICE_MAX_WORK_ITEM_SIZES, one per dimension
    std::string openclCVersion;                 // CL_DEVICE_OPENCL_C_VERSION
    cl_uint preferredFloatWidth = 0;            // CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT
};

struct PlatformFacts {
    std::string name, vendor, version;  // CL_PLATFORM_NAME, CL_PLATFORM_VENDOR, CL_PLATFORM_VERSION
    std::vector<DeviceFacts> devices;
};

// Asks the device for each fact.
DeviceFacts describeDevice(const cl::Device& device);

// Every platform with every one of its devices.
std::vector<PlatformFacts> describeAll();
