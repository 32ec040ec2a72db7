// A correct Exercise 00 written differently from the course's (checker: it must PASS Exercise
// 00's tests): each query through the C++ API's getInfo(name, &value) form, and the platforms' devices
// gathered with a lambda.
#include "device_info.hpp"

#include <algorithm>
#include <iterator>

DeviceFacts describeDevice(const cl::Device& device)
{
    DeviceFacts out;
    device.getInfo(CL_DEVICE_NAME, &out.name);
    device.getInfo(CL_DEVICE_VENDOR, &out.vendor);
    device.getInfo(CL_DEVICE_VERSION, &out.version);
    device.getInfo(CL_DEVICE_TYPE, &out.type);
    device.getInfo(CL_DEVICE_MAX_COMPUTE_UNITS, &out.computeUnits);
    device.getInfo(CL_DEVICE_MAX_CLOCK_FREQUENCY, &out.clockMHz);
    device.getInfo(CL_DEVICE_GLOBAL_MEM_SIZE, &out.globalMemBytes);
    device.getInfo(CL_DEVICE_LOCAL_MEM_SIZE, &out.localMemBytes);
    device.getInfo(CL_DEVICE_MAX_WORK_GROUP_SIZE, &out.maxWorkGroupSize);
    device.getInfo(CL_DEVICE_MAX_WORK_ITEM_SIZES, &out.maxWorkItemSizes);
    device.getInfo(CL_DEVICE_OPENCL_C_VERSION, &out.openclCVersion);
    device.getInfo(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, &out.preferredFloatWidth);
    return out;
}

std::vector<PlatformFacts> describeAll()
{
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    std::vector<PlatformFacts> out;
    out.reserve(platforms.size());
    std::transform(platforms.begin(), platforms.end(), std::back_inserter(out), [](const cl::Platform& platform) {
        PlatformFacts facts;
        platform.getInfo(CL_PLATFORM_NAME, &facts.name);
        platform.getInfo(CL_PLATFORM_VENDOR, &facts.vendor);
        platform.getInfo(CL_PLATFORM_VERSION, &facts.version);
        std::vector<cl::Device> devices;
        platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
        for (const cl::Device& d : devices)
            facts.devices.push_back(describeDevice(d));
        return facts;
    });
    return out;
}
