#include "hoc/measure/compute_unit.hpp"

#include <regex>

namespace hoc {

namespace {

// cl_nv_device_attribute_query (NVIDIA's OpenCL extension): the compute capability.
constexpr cl_device_info kComputeCapabilityMajorNV = 0x4000;
constexpr cl_device_info kComputeCapabilityMinorNV = 0x4001;

cl_uint nvInfo(const cl::Device& device, cl_device_info what)
{
    cl_uint value = 0;
    const cl_int status = clGetDeviceInfo(device(), what, sizeof value, &value, nullptr);
    if (status != CL_SUCCESS)
        throw cl::Error(status, "clGetDeviceInfo (cl_nv_device_attribute_query)");
    return value;
}

}  // namespace

bool hasExtension(const cl::Device& device, const std::string& name)
{
    return (" " + device.getInfo<CL_DEVICE_EXTENSIONS>() + " ").find(" " + name + " ") != std::string::npos;
}

std::size_t registersFromBuildLog(const std::string& log)
{
    std::smatch match;
    static const std::regex used("Used ([0-9]+) registers");
    return std::regex_search(log, match, used) ? std::stoul(match[1]) : 0;
}

ComputeUnitLimits hopperLimits()
{
    // NVIDIA's figures for compute capability 9.0, as the CUDA driver reports them for an H100
    // (cuDeviceGetAttribute, 2026-11-27: the measurements page of Exercise 23 in docs/measurements/). cuda.h's words:
    ComputeUnitLimits cu;
    cu.workItems = 2048;              // "Maximum resident threads per multiprocessor"
    cu.workGroups = 32;               // "Maximum number of blocks per multiprocessor"
    cu.localBytes = 228 * 1024;       // "Maximum shared memory available per multiprocessor in bytes"
    cu.localReservedPerGroup = 1024;  // "Shared memory reserved by CUDA driver per block in bytes"
    cu.registers = 64 * 1024;         // "Maximum number of 32-bit registers available per multiprocessor"
    cu.source = "compute capability 9.0, NVIDIA's figures (the CUDA driver's cuDeviceGetAttribute on an H100), "
                "not OpenCL's";
    return cu;
}

ComputeUnitLimits documentedLimits(const cl::Device& device)
{
    ComputeUnitLimits cu;
    if (!hasExtension(device, "cl_nv_device_attribute_query")) {
        cu.source = "none known for this device (OpenCL reports no per-compute-unit limits)";
        return cu;
    }
    const cl_uint major = nvInfo(device, kComputeCapabilityMajorNV), minor = nvInfo(device, kComputeCapabilityMinorNV);
    const std::string cc = std::to_string(major) + "." + std::to_string(minor);
    if (cc != "9.0") {
        cu.source = "none known for compute capability " + cc + " (the course has the figures of 9.0 only)";
        return cu;
    }
    return hopperLimits();
}

}  // namespace hoc
