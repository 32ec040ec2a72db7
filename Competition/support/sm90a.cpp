#include "sm90a.hpp"

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <vector>

#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"

namespace hoc::competition {

PatchedPtx patchPtxForSm90a(const std::string& ptx)
{
    PatchedPtx out;
    // `.version M.m`: wgmma needs PTX ISA 8.0.
    std::smatch m;
    if (!std::regex_search(ptx, m, std::regex(R"(^\s*\.version\s+(\d+)\.(\d+))", std::regex::multiline))) {
        out.error = "the PTX names no .version";
        return out;
    }
    if (std::stoi(m[1]) < 8) {
        out.error = "the PTX is ISA " + m[1].str() + "." + m[2].str() + "; wgmma needs 8.0 or newer";
        return out;
    }
    // `.target sm_90` (perhaps followed by `, texmode_independent`): sm_90 becomes sm_90a.
    const std::regex target(R"(^(\s*\.target\s+)sm_90\b(?!a))", std::regex::multiline);
    if (!std::regex_search(ptx, target)) {
        out.error = "the PTX's target is not sm_90";
        return out;
    }
    out.ptx = std::regex_replace(ptx, target, "$1sm_90a", std::regex_constants::format_first_only);
    // Entry directives first: the marker's text leaves the body for the line before the body's "{" of
    // the entry it is in (after the parameter list and any directives already there).
    const std::string entryMarker = kSm90aEntryMarker;
    for (std::size_t at = out.ptx.find(entryMarker); at != std::string::npos; at = out.ptx.find(entryMarker, at)) {
        const std::size_t end = out.ptx.find('\n', at);
        const std::string directive = out.ptx.substr(at + entryMarker.size(), end - at - entryMarker.size());
        const std::size_t entry = out.ptx.rfind(".entry", at);
        const std::size_t body = entry == std::string::npos ? std::string::npos : out.ptx.find("\n{", entry);
        if (body == std::string::npos || body > at) {
            out.error = "the entry directive \"" + directive + "\" is not inside an entry's body";
            out.ptx.clear();
            return out;
        }
        out.ptx.erase(at, end == std::string::npos ? std::string::npos : end - at);
        out.ptx.insert(body, "\n" + directive);
        ++out.markers;
    }
    const std::string marker = kSm90aMarker;
    for (std::size_t at = out.ptx.find(marker); at != std::string::npos; at = out.ptx.find(marker, at)) {
        out.ptx.erase(at, marker.size());
        ++out.markers;
    }
    if (out.markers == 0) {
        out.error = "the PTX holds no \"" + marker + "\" marker";
        out.ptx.clear();
    }
    return out;
}

std::string sm90aUnavailable(const cl::Device& device)
{
    const std::string name = device.getInfo<CL_DEVICE_NAME>();
    if (device.getInfo<CL_DEVICE_VENDOR>().find("NVIDIA") == std::string::npos ||
        device.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_nv_device_attribute_query") == std::string::npos)
        return name + " is not an NVIDIA GPU that reports its compute capability";
    const cl_device_info kMajor = 0x4000, kMinor = 0x4001;  // CL_DEVICE_COMPUTE_CAPABILITY_{MAJOR,MINOR}_NV
    cl_uint major = 0, minor = 0;
    if (clGetDeviceInfo(device(), kMajor, sizeof(major), &major, nullptr) != CL_SUCCESS ||
        clGetDeviceInfo(device(), kMinor, sizeof(minor), &minor, nullptr) != CL_SUCCESS)
        return name + " does not report its compute capability";
    if (major != 9 || minor != 0)
        return name + " has compute capability " + std::to_string(major) + "." + std::to_string(minor) +
               "; sm_90a is 9.0's alone";
    return "";
}

Sm90aProgram buildSm90a(const cl::Context& context, const cl::Device& device, const std::string& source,
                        const std::string& file, const std::string& options)
{
    Sm90aProgram out;
    out.unavailable = sm90aUnavailable(device);
    if (!out.unavailable.empty())
        return out;
    // Stage 1: the OpenCL C, with the markers as comments; its PTX comes back as the "binary".
    const cl::Program first = hoc::buildSource(context, device, source, file, options);
    const auto binaries = first.getInfo<CL_PROGRAM_BINARIES>();
    if (binaries.size() != 1 || binaries[0].empty()) {
        out.unavailable = "the driver returned no PTX for " + file;
        return out;
    }
    std::string ptx(binaries[0].begin(), binaries[0].end());
    ptx.erase(ptx.find_last_not_of('\0') + 1);  // a trailing NUL, if any
    const PatchedPtx patched = patchPtxForSm90a(ptx);
    if (!patched.error.empty()) {
        out.unavailable = file + ": " + patched.error;
        return out;
    }
    // For a look at what the driver compiles (ptxas, cuobjdump): HOC_SM90A_PTX_DIR=folder writes each
    // patched PTX there as 1.ptx, 2.ptx, ..., its build options in a comment on the first line.
    if (const char* dir = std::getenv("HOC_SM90A_PTX_DIR")) {
        static std::atomic<int> count{0};
        std::ofstream(std::string(dir) + "/" + std::to_string(++count) + ".ptx") << "// " << options << "\n"
                                                                                 << patched.ptx;
    }
    // Stage 2: the patched PTX, compiled by the driver for the device.
    const std::vector<unsigned char> bytes(patched.ptx.begin(), patched.ptx.end() + 1);  // with its NUL
    cl_int status = CL_SUCCESS;
    cl::Program second;
    try {
        second = cl::Program(context, {device}, cl::Program::Binaries{bytes}, nullptr, &status);
        second.build({device});
    } catch (const cl::Error& e) {
        std::string log;
        if (second() != nullptr)
            second.getBuildInfo(device, CL_PROGRAM_BUILD_LOG, &log);
        out.unavailable = "the driver refused " + file + " as sm_90a PTX: " + hoc::describe(e) +
                          (log.empty() ? "" : "\n" + log);
        return out;
    }
    out.program = second;
    return out;
}

}  // namespace hoc::competition
