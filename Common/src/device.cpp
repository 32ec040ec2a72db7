#include "hoc/common/device.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"

namespace hoc {
namespace {

const char* kInstallHint =
    "no OpenCL platform found. Install one: on Debian/Ubuntu `sudo apt-get install pocl-opencl-icd` "
    "(or run script/bootstrap) for the CPU, or your GPU vendor's OpenCL driver; "
    "`clinfo -l` lists what the ICD loader sees (it reads /etc/OpenCL/vendors)";

// PoCL (its CPU device) reports no device at all when it cannot make its kernel cache folder. The
// folder as PoCL chooses it: POCL_CACHE_DIR; else $XDG_CACHE_HOME/pocl/kcache when that folder
// exists; else $HOME/.cache/pocl/kcache; else /tmp/pocl/kcache. Returns why it cannot be made (the
// deepest part of the path that exists is no folder, or one this user may not write in), naming the
// variable it came from; "" when nothing stands in its way.
std::string poclCacheProblem()
{
    const auto set = [](const char* name) {
        const char* value = std::getenv(name);
        return value && *value ? std::string(value) : std::string();
    };
    std::string dir, from;
    if (!set("POCL_CACHE_DIR").empty()) {
        dir = set("POCL_CACHE_DIR");
        from = "POCL_CACHE_DIR=" + dir;
    } else if (!set("XDG_CACHE_HOME").empty() && ::access(set("XDG_CACHE_HOME").c_str(), F_OK) == 0) {
        dir = set("XDG_CACHE_HOME") + "/pocl/kcache";
        from = "XDG_CACHE_HOME=" + set("XDG_CACHE_HOME");
    } else if (!set("HOME").empty()) {
        dir = set("HOME") + "/.cache/pocl/kcache";
        from = "HOME=" + set("HOME");
    } else {
        dir = "/tmp/pocl/kcache";
        from = "no HOME";
    }
    for (std::string path = dir;;) {
        struct stat info{};
        if (::stat(path.c_str(), &info) == 0) {
            std::string why;
            if (!S_ISDIR(info.st_mode))
                why = path + " is not a folder";
            else if (::access(path.c_str(), W_OK | X_OK) != 0)
                why = path + " is a folder this user may not write in (" + std::strerror(errno) + ")";
            return why.empty() ? "" : "it cannot make its kernel cache folder " + dir + " (from " + from + "): " + why;
        }
        if (errno != ENOENT && errno != ENOTDIR)
            return "it cannot reach its kernel cache folder " + dir + " (from " + from + "): " + std::strerror(errno);
        const auto slash = path.find_last_of('/');
        if (slash == std::string::npos || slash == 0)
            return "";
        path.resize(slash);
    }
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return lower(haystack).find(lower(needle)) != std::string::npos;
}

bool isIndex(const std::string& s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string listText(const std::vector<DeviceEntry>& devices)
{
    std::ostringstream out;
    for (const auto& d : devices)
        out << "\n  " << d.index << ": " << deviceLabel(d.device);
    return out.str();
}

const DeviceEntry& byIndex(const std::vector<DeviceEntry>& devices, const std::string& text, const char* source)
{
    std::size_t index = devices.size();
    if (isIndex(text) && text.size() < 10)
        index = std::stoul(text);
    if (index >= devices.size())
        throw UsageError(std::string(source) + " '" + text + "' is not a device index: choose 0 to " +
                         std::to_string(devices.size() - 1) + " from" + listText(devices));
    return devices[index];
}

// The first GPU among `devices`, else the first device.
const DeviceEntry& preferGpu(const std::vector<const DeviceEntry*>& devices)
{
    for (const auto* d : devices)
        if (d->device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_GPU)
            return *d;
    return *devices.front();
}

const DeviceEntry& byText(const std::vector<DeviceEntry>& devices, const std::string& text, bool deviceNamesToo,
                          const char* source)
{
    std::vector<const DeviceEntry*> matches;
    for (const auto& d : devices) {
        const bool hit = contains(d.platform.getInfo<CL_PLATFORM_NAME>(), text) ||
                         contains(d.platform.getInfo<CL_PLATFORM_VENDOR>(), text) ||
                         (deviceNamesToo && contains(d.device.getInfo<CL_DEVICE_NAME>(), text));
        if (hit)
            matches.push_back(&d);
    }
    if (matches.empty())
        throw UsageError(std::string(source) + " '" + text + "' matches no " +
                         (deviceNamesToo ? "platform or device" : "platform") +
                         "; the devices are:" + listText(devices));
    return preferGpu(matches);
}

// An environment variable's device choice: unset or empty means none; only whitespace is a mistake
// (it would match every name).
const char* environmentChoice(const char* variable)
{
    const char* env = std::getenv(variable);
    if (!env || !*env)
        return nullptr;
    const std::string text = env;
    if (std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); }))
        throw UsageError(std::string(variable) + " is '" + text +
                         "', only whitespace: set it to a device index or name from --list, or unset it");
    return env;
}

}  // namespace

std::vector<DeviceEntry> allDevices()
{
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error& e) {
        if (e.err() == CL_PLATFORM_NOT_FOUND_KHR)
            throw Failure(kInstallHint);
        throw;
    }
    if (platforms.empty())
        throw Failure(kInstallHint);

    std::vector<DeviceEntry> result;
    bool poclWithout = false;  // PoCL is installed but reports no device
    for (const auto& platform : platforms) {
        std::vector<cl::Device> devices;
        try {
            platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
        } catch (const cl::Error& e) {
            if (e.err() != CL_DEVICE_NOT_FOUND)  // a platform with no devices is not an error
                throw;
        }
        if (devices.empty() && platform.getInfo<CL_PLATFORM_NAME>() == "Portable Computing Language")
            poclWithout = true;
        for (const auto& device : devices)
            result.push_back({result.size(), platform, device});
    }
    if (result.empty() && poclWithout) {
        if (const std::string why = poclCacheProblem(); !why.empty())
            throw Failure("OpenCL platforms were found, but none has a device: PoCL (Portable Computing Language) "
                          "is installed, but reports no device when " +
                          why +
                          ". Set POCL_CACHE_DIR to a folder you can write (e.g. POCL_CACHE_DIR=/tmp/pocl-cache), "
                          "or run with a HOME you can write in");
    }
    if (result.empty())
        throw Failure("OpenCL platforms were found, but none has a device. " + std::string(kInstallHint));
    return result;
}

cl::Device chooseDevice(const DeviceChoice& choice)
{
    // A blank HOC_DEVICE is refused before OpenCL is asked for anything.
    const char* env = choice.device.empty() && choice.platform.empty() ? environmentChoice("HOC_DEVICE") : nullptr;
    const auto devices = allDevices();
    if (!choice.device.empty()) {
        const auto& d = byIndex(devices, choice.device, "--device");
        if (!choice.platform.empty() && !contains(d.platform.getInfo<CL_PLATFORM_NAME>(), choice.platform) &&
            !contains(d.platform.getInfo<CL_PLATFORM_VENDOR>(), choice.platform))
            throw UsageError("--device " + choice.device + " is not on a platform matching --platform '" +
                             choice.platform + "'; the devices are:" + listText(devices));
        return d.device;
    }
    if (!choice.platform.empty())
        return byText(devices, choice.platform, false, "--platform").device;
    if (env) {
        const std::string text = env;
        return isIndex(text) ? byIndex(devices, text, "HOC_DEVICE").device
                             : byText(devices, text, true, "HOC_DEVICE").device;
    }
    std::vector<const DeviceEntry*> every;
    for (const auto& d : devices)
        every.push_back(&d);
    return preferGpu(every).device;
}

std::vector<cl::Device> devicesNamed(const std::string& entry, const std::string& what)
{
    const auto devices = allDevices();
    std::vector<cl::Device> named;
    if (isIndex(entry)) {
        const std::size_t index = entry.size() < 10 ? std::stoul(entry) : devices.size();
        if (index >= devices.size())
            throw UsageError(what + " is not a device index: choose 0 to " + std::to_string(devices.size() - 1) +
                             "; the devices are:" + listText(devices));
        named.push_back(devices[index].device);
        return named;
    }
    for (const auto& d : devices)
        if (contains(d.platform.getInfo<CL_PLATFORM_NAME>() + " " + d.platform.getInfo<CL_PLATFORM_VENDOR>() + " " +
                         d.device.getInfo<CL_DEVICE_NAME>(),
                     entry))
            named.push_back(d.device);
    if (named.empty())
        throw UsageError(what + " matches no platform or device name; the devices are:" + listText(devices));
    return named;
}

cl::Device testDevice()
{
    const auto devices = allDevices();
    if (const char* env = environmentChoice("HOC_TEST_DEVICE")) {
        const std::string text = env;
        return isIndex(text) ? byIndex(devices, text, "HOC_TEST_DEVICE").device
                             : byText(devices, text, true, "HOC_TEST_DEVICE").device;
    }
    for (const auto& d : devices)
        if (contains(d.platform.getInfo<CL_PLATFORM_NAME>(), "Portable Computing Language") &&
            (d.device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU))
            return d.device;
    throw Failure("the tests run on PoCL's CPU device, which is not installed (script/bootstrap installs "
                  "pocl-opencl-icd), or set HOC_TEST_DEVICE to an index or name from:" +
                  listText(devices));
}

std::string deviceTypeName(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU)
        return "GPU";
    if (type & CL_DEVICE_TYPE_CPU)
        return "CPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR)
        return "accelerator";
    return "other";
}

std::string deviceLabel(const cl::Device& device)
{
    const cl::Platform platform(device.getInfo<CL_DEVICE_PLATFORM>());
    return device.getInfo<CL_DEVICE_NAME>() + " (" + platform.getInfo<CL_PLATFORM_NAME>() + ", " +
           deviceTypeName(device.getInfo<CL_DEVICE_TYPE>()) + ")";
}

std::string subDeviceNote(const cl::Device& device)
{
    if (device.getInfo<CL_DEVICE_PARENT_DEVICE>()() == nullptr)
        return "";
    const auto units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    return ", sub-device with " + std::to_string(units) + (units == 1 ? " compute unit" : " compute units");
}

void printDeviceList(std::ostream& out)
{
    for (const auto& d : allDevices())
        out << d.index << ": " << deviceLabel(d.device) << "\n";
}

void requireBuffers(const cl::Device& device, double bytes, int count, const std::string& what)
{
    const double maxAlloc = static_cast<double>(device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>());
    const double global = static_cast<double>(device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>());
    auto mib = [](double b) {
        std::ostringstream s;
        s << std::fixed << std::setprecision(1) << b / (1024.0 * 1024.0) << " MiB";
        return s.str();
    };
    if (bytes > maxAlloc)
        throw UsageError(what + " needs " + mib(bytes) + " in one buffer, more than this device allows (" +
                         mib(maxAlloc) + ", CL_DEVICE_MAX_MEM_ALLOC_SIZE); choose a smaller size");
    if (bytes * count > global)
        throw UsageError(what + " needs " + std::to_string(count) + " buffers, " + mib(bytes * count) +
                         " in all, more than this device's global memory (" + mib(global) +
                         ", CL_DEVICE_GLOBAL_MEM_SIZE); choose a smaller size");
}

void requireFloatsInOut(const cl::Device& device, std::size_t n, const std::string& what)
{
    const double vector = sizeof(float) * static_cast<double>(n);
    requireBuffers(device, vector, 2, what);
    requireHostMemory(hostBytes(device, 3 * vector, 2 * vector), what);
}

double hostBytes(const cl::Device& device, double host, double buffers)
{
    const bool shared = device.getInfo<CL_DEVICE_HOST_UNIFIED_MEMORY>() ||
                        (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
    return host + (shared ? buffers : 0.0);
}

std::size_t localSize(const cl::Kernel& kernel, const cl::Device& device, std::size_t preferred)
{
    const std::size_t limit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    return std::max<std::size_t>(1, std::min(preferred, limit));
}

}  // namespace hoc
