#include "hoc/program.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "hoc/device.hpp"
#include "hoc/errors.hpp"

namespace hoc {
namespace {

std::vector<std::string> split(const std::string& text, char sep)
{
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, sep))
        if (!part.empty())
            parts.push_back(part);
    return parts;
}

std::string executableFolder()
{
    char path[4096];
    const ssize_t n = ::readlink("/proc/self/exe", path, sizeof(path) - 1);
    if (n <= 0)
        return {};
    std::string exe(path, static_cast<std::size_t>(n));
    const auto slash = exe.rfind('/');
    return slash == std::string::npos ? std::string() : exe.substr(0, slash);
}

bool readable(const std::string& path)
{
    std::ifstream in(path);
    return in.good();
}

}  // namespace

std::vector<std::string> kernelSearchPath(const std::string& configured)
{
    if (const char* only = std::getenv("HOC_KERNEL_PATH_ONLY"); only && *only)
        return split(only, ':');
    std::vector<std::string> folders;
    if (const char* env = std::getenv("HOC_KERNEL_PATH"))
        folders = split(env, ':');
    for (const auto& folder : split(configured, ':'))
        folders.push_back(folder);
    if (const auto exe = executableFolder(); !exe.empty())
        folders.push_back(exe);
    return folders;
}

std::string findKernelFile(const std::string& file, const std::string& configured)
{
    if (!file.empty() && file.front() == '/') {
        if (readable(file))
            return file;
        throw Failure("kernel file " + file + " not found");
    }
    std::string looked;
    for (const auto& folder : kernelSearchPath(configured)) {
        const std::string path = folder + "/" + file;
        if (readable(path))
            return path;
        looked += "\n  " + path;
    }
    throw Failure("kernel file " + file + " not found; looked in:" + looked +
                  "\n(set HOC_KERNEL_PATH to a folder that holds it)");
}

std::string readKernelFile(const std::string& file, const std::string& configured)
{
    std::ifstream in(findKernelFile(file, configured));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

cl::Program buildSource(const cl::Context& context, const cl::Device& device, const std::string& source,
                        const std::string& file, const std::string& options)
{
    cl::Program program(context, source);
    try {
        program.build({device}, options.c_str());
    } catch (const cl::Error& e) {
        if (e.err() != CL_BUILD_PROGRAM_FAILURE && e.err() != CL_INVALID_BUILD_OPTIONS)
            throw;
        std::string log;
        try {
            log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
        } catch (const cl::Error&) {
            log = "(the build log could not be read)";
        }
        if (e.err() == CL_INVALID_BUILD_OPTIONS)
            log = "invalid build options: \"" + options + "\"\n" + log;
        throw BuildFailure(file, deviceLabel(device), e.err(), log);
    }
    return program;
}

}  // namespace hoc
