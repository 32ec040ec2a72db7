// Exercise 0: query platforms and devices. No program, memory or kernel yet: only step 1.
#include "device_info.hpp"

DeviceFacts describeDevice(const cl::Device& device)
{
    DeviceFacts facts;
    facts.name = device.getInfo<CL_DEVICE_NAME>();
    facts.vendor = device.getInfo<CL_DEVICE_VENDOR>();
    facts.version = device.getInfo<CL_DEVICE_VERSION>();
    facts.type = device.getInfo<CL_DEVICE_TYPE>();
    // TODO: fill in the other fields of DeviceFacts (device_info.hpp names the query for each):
    //       compute units, clock, global and local memory, max work-group size, max work-item sizes,
    //       OpenCL C version and preferred float vector width.
    return facts;
}

std::vector<PlatformFacts> describeAll()
{
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);

    std::vector<PlatformFacts> all;
    for (const cl::Platform& platform : platforms) {
        PlatformFacts p;
        p.name = platform.getInfo<CL_PLATFORM_NAME>();
        p.vendor = platform.getInfo<CL_PLATFORM_VENDOR>();
        p.version = platform.getInfo<CL_PLATFORM_VERSION>();

        std::vector<cl::Device> devices;
        platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
        for (const cl::Device& device : devices)
            p.devices.push_back(describeDevice(device));
        all.push_back(p);
    }
    return all;
}
