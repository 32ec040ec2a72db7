// Finding and choosing OpenCL devices: the same rules for every program in the course.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"

namespace hoc {

// One device as --list shows it; `index` is what --device takes.
struct DeviceEntry {
    std::size_t index = 0;
    cl::Platform platform;
    cl::Device device;
};

// Every device of every platform, numbered in platform order. Throws hoc::Failure with
// install advice when no OpenCL platform is present at all.
std::vector<DeviceEntry> allDevices();

// How a program was asked to pick its device. Empty fields mean "no preference".
struct DeviceChoice {
    std::string device;    // an index from --list
    std::string platform;  // text contained in the platform's name or vendor (case-insensitive)
};

// Picks the device: --device, else --platform, else the environment variable HOC_DEVICE (an index,
// or text matched against platform and device names), else the first GPU, else the first device.
// Throws hoc::Failure naming the valid choices when the request matches nothing.
cl::Device chooseDevice(const DeviceChoice& choice);

// The devices `entry` names, as HOC_DEVICE takes it: an index from --list (that device), or text
// contained in a platform's or device's name (every device it matches, in --list order). An entry
// that names none is refused (hoc::UsageError, exit status 2) with the list of the devices, `what`
// naming the entry: "--devices entry 'x' (local rank 1) matches no platform or device name; ...".
std::vector<cl::Device> devicesNamed(const std::string& entry, const std::string& what);

// The device tests run on: HOC_TEST_DEVICE (same syntax as HOC_DEVICE), else PoCL's CPU device.
cl::Device testDevice();

// "pthread-skylake (Portable Computing Language, CPU)"
std::string deviceLabel(const cl::Device& device);
std::string deviceTypeName(cl_device_type type);
// ", sub-device with 2 compute units" for a sub-device (clCreateSubDevices), "" for a whole device.
std::string subDeviceNote(const cl::Device& device);

// The numbered list printed by --list.
void printDeviceList(std::ostream& out);

// Fails with a clear message if `count` buffers of `bytes` each cannot exist on this device
// (larger than CL_DEVICE_MAX_MEM_ALLOC_SIZE, or together larger than its global memory): a
// hoc::UsageError, exit status 2, since the size asked for is what has to change.
void requireBuffers(const cl::Device& device, double bytes, int count, const std::string& what);

// The host memory a run holds at once (for hoc::requireHostMemory): `host` bytes of its own (vectors,
// references), and `buffers` bytes of device buffers, which on a device that shares the host's memory
// (CL_DEVICE_HOST_UNIFIED_MEMORY: a CPU device such as PoCL's, an integrated GPU) live in host memory too.
double hostBytes(const cl::Device& device, double host, double buffers);

// Both refusals (hoc::UsageError, exit status 2) for a kernel that reads n floats from one buffer and
// writes n to another: the two buffers on the device (requireBuffers), and on the host the input, the
// serial reference and the result read back, with the two buffers where the device uses host memory
// (hostBytes, requireHostMemory). `what` names the size in the messages ("16777216 elements").
void requireFloatsInOut(const cl::Device& device, std::size_t n, const std::string& what);

// The largest work-group size this kernel can use on this device, at most `preferred`.
std::size_t localSize(const cl::Kernel& kernel, const cl::Device& device, std::size_t preferred);

// n rounded up to a whole number of `multiple`s: global sizes that cover every element.
inline std::size_t roundUp(std::size_t n, std::size_t multiple) { return (n + multiple - 1) / multiple * multiple; }

}  // namespace hoc
