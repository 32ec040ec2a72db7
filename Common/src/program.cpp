#include "hoc/common/program.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/watchdog.hpp"

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

// What is at `path`: "" for a kernel file that can be read; "missing" when nothing is there; else
// what is wrong with it (a folder, no permission to read, ...). A search stops at the first path
// that exists: a broken file found first is reported, never skipped for another one.
std::string problemWith(const std::string& path)
{
    struct stat info{};
    if (::stat(path.c_str(), &info) != 0) {
        struct stat link{};
        if (errno == ENOENT && ::lstat(path.c_str(), &link) == 0)
            return "is a symbolic link to a file that does not exist";
        return errno == ENOENT || errno == ENOTDIR ? "missing"
                                                   : std::string("cannot be reached (") + std::strerror(errno) + ")";
    }
    if (S_ISDIR(info.st_mode))
        return "is a folder, not a kernel file";
    if (!S_ISREG(info.st_mode))
        return "is not a regular file";
    if (::access(path.c_str(), R_OK) != 0)
        return std::string("exists but cannot be read (") + std::strerror(errno) + ")";
    return "";
}

// The kernels of every program built so far (for the error messages of exitCode: a kernel name
// the program does not define, an argument the kernel does not have).
struct BuiltKernels {
    std::string file;
    std::vector<std::string> kernels;  // "vadd(__global const float* a, ...), 4 arguments" or "vadd (4 arguments)"
};
std::mutex builtMutex;
std::vector<BuiltKernels> builtKernelFiles;
std::vector<std::pair<std::string, std::string>> foundKernelFiles;  // name asked for -> path found

void rememberFound(const std::string& file, const std::string& path)
{
    std::lock_guard<std::mutex> lock(builtMutex);
    for (auto& [name, found] : foundKernelFiles)
        if (name == file) {
            found = path;
            return;
        }
    foundKernelFiles.emplace_back(file, path);
}

// "vadd.cl (/home/me/course/Kernels/vadd.cl)": the name a program builds under, and where it was found.
std::string whereFound(const std::string& file)
{
    std::lock_guard<std::mutex> lock(builtMutex);
    for (const auto& [name, found] : foundKernelFiles)
        if (name == file && found != file)
            return file + " (" + found + ")";
    return file;
}

}  // namespace

std::string writtenParameters(const std::string& source, const std::string& name)
{
    std::string text;  // the source without comments
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source.compare(i, 2, "//") == 0)
            i = std::min(source.find('\n', i), source.size()) - 1;
        else if (source.compare(i, 2, "/*") == 0)
            i = std::min(source.find("*/", i + 2), source.size() - 2) + 1;
        else
            text += source[i];
    }
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
        if ((at > 0 && word(text[at - 1])) || (at + name.size() < text.size() && word(text[at + name.size()])))
            continue;
        const std::size_t open = text.find_first_not_of(" \t\r\n", at + name.size());
        const std::size_t before = text.rfind("void", at);
        if (open == std::string::npos || text[open] != '(' || before == std::string::npos ||
            text.find_first_not_of(" \t\r\n", before + 4) != at)
            continue;
        const std::size_t close = text.find(')', open);
        if (close == std::string::npos)
            return "";
        std::string params;
        for (std::size_t i = open; i <= close; ++i) {
            const bool blank = std::isspace(static_cast<unsigned char>(text[i]));
            if (!blank)
                params += text[i];
            else if (!params.empty() && params.back() != ' ' && params.back() != '(')
                params += ' ';
        }
        const auto space = params.find(" )");
        if (space != std::string::npos)
            params.erase(space, 1);
        return params;
    }
    return "";
}

namespace {

// "vadd(__global const float* a, __global const float* b, __global float* c, const int count), 4
// arguments": the parameter list as the file writes it, with the number the compiler counted (the
// number alone where the list cannot be read from the source).
std::string kernelSignature(const cl::Kernel& kernel, const std::string& source)
{
    std::string name = kernel.getInfo<CL_KERNEL_FUNCTION_NAME>();
    name.erase(name.find_last_not_of(std::string("\0", 1)) + 1);
    const cl_uint count = kernel.getInfo<CL_KERNEL_NUM_ARGS>();
    const std::string params = writtenParameters(source, name);
    const bool none = params == "()" || params == "(void)";
    const std::size_t commas = static_cast<std::size_t>(std::count(params.begin(), params.end(), ','));
    const std::string counted = std::to_string(count) + " argument" + (count == 1 ? "" : "s");
    if (!params.empty() && (none ? count == 0 : commas + 1 == count))
        return name + params + ", " + counted;
    return name + " (" + counted + ")";
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
    if (file.empty())
        throw Failure("no kernel file name given");
    if (file.front() == '/') {
        const std::string problem = problemWith(file);
        if (problem.empty())
            return file;
        throw Failure("kernel file " + file + (problem == "missing" ? " not found" : " " + problem));
    }
    std::string looked;
    for (const auto& folder : kernelSearchPath(configured)) {
        const std::string path = folder + "/" + file;
        const std::string problem = problemWith(path);
        if (problem.empty()) {
            rememberFound(file, path);
            return path;
        }
        if (problem != "missing")
            throw Failure("kernel file " + path + " " + problem + " (found while looking for " + file +
                          (looked.empty() ? "" : "; not found before it in:" + looked) + ")");
        looked += "\n  " + path;
    }
    throw Failure("kernel file " + file + " not found; looked in:" + looked +
                  "\n(set HOC_KERNEL_PATH to a folder that holds it)");
}

namespace {

// The name in a line that reads `#include "name"` (spaces allowed around the words), else "".
std::string includedName(const std::string& line)
{
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string::npos || line[i] != '#')
        return "";
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string::npos || line.compare(i, 7, "include") != 0)
        return "";
    i = line.find_first_not_of(" \t", i + 7);
    if (i == std::string::npos || line[i] != '"')
        return "";
    const std::size_t close = line.find('"', i + 1);
    if (close == std::string::npos || close == i + 1 || line.find_first_not_of(" \t\r", close + 1) != std::string::npos)
        return "";
    return line.substr(i + 1, close - i - 1);
}

std::string readKernelText(const std::string& file, const std::string& configured, int depth)
{
    const std::string path = findKernelFile(file, configured);
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof())
        throw Failure("kernel file " + path + " could not be read");
    const std::string source = text.str();
    if (source.find_first_not_of(" \t\r\n") == std::string::npos)
        throw Failure("kernel file " + path +
                      " is empty: it should hold the kernel source (the __kernel "
                      "functions the program runs)");
    // OpenCL takes a source as C text, which ends at its first NUL byte: what follows one would be
    // silently left out (a kernel after it "defined nowhere"). Named where it is instead.
    if (const std::size_t nul = source.find('\0'); nul != std::string::npos) {
        const std::size_t line = 1 + static_cast<std::size_t>(std::count(source.begin(), source.begin() + nul, '\n'));
        const std::size_t lineStart = source.rfind('\n', nul == 0 ? 0 : nul - 1);
        const std::size_t column = lineStart == std::string::npos || nul == 0 ? nul + 1 : nul - lineStart;
        throw Failure("kernel file " + path + " holds a NUL byte (line " + std::to_string(line) + ", column " +
                      std::to_string(column) +
                      "): a kernel source is text, and OpenCL would read it only up to "
                      "there; remove it (a file saved as UTF-16, or not a text file at all, holds many)");
    }
    if (source.find("#") == std::string::npos)
        return source;

    // Each `#include "name"` line becomes name's text, found as a kernel file is, between #line
    // directives so that a build log's line numbers name the right file and line.
    std::istringstream lines(source);
    std::string line, out;
    int number = 0;
    bool included = false;
    while (std::getline(lines, line)) {
        ++number;
        const std::string name = includedName(line);
        if (name.empty()) {
            out += line + "\n";
            continue;
        }
        if (depth >= 8)
            throw Failure("kernel file " + path + ", line " + std::to_string(number) +
                          ": includes nested more than 8 deep (" + name + " includes itself?)");
        std::string body = readKernelText(name, configured, depth + 1);
        if (body.back() != '\n')
            body += "\n";
        out += "#line 1 \"" + name + "\"\n" + body + "#line " + std::to_string(number + 1) + " \"" + file + "\"\n";
        included = true;
    }
    return included ? out : source;
}

}  // namespace

std::string linesOfTheFiles(const std::string& log, const std::string& source, const std::string& file)
{
    std::vector<std::pair<std::string, long>> at;  // line n + 1 of the whole source: file and line
    std::string name = file;
    long next = 1;
    std::istringstream lines(source);
    for (std::string line; std::getline(lines, line);) {
        at.emplace_back(name, next++);
        if (line.rfind("#line ", 0) != 0)
            continue;
        const std::size_t open = line.find('"'), close = line.rfind('"');
        next = std::strtol(line.c_str() + 6, nullptr, 10);
        if (open != std::string::npos && close > open)
            name = line.substr(open + 1, close - open - 1);
    }
    // Where the log names the whole source rather than a file: "<kernel>:" (NVIDIA's OpenCL, PoCL 6.0),
    // the copy of the source PoCL 3.1 compiles, a temporary file in its kernel cache
    // ("/root/.cache/pocl/kcache/tempfile_DZFgIy.cl:"), or a number at the start of a line
    // (Intel's: "4:3:56: error"). Returns the name's first position and the position after its
    // colon, or npos.
    const auto nextName = [&log](std::size_t from) -> std::pair<std::size_t, std::size_t> {
        std::pair<std::size_t, std::size_t> found{std::string::npos, std::string::npos};
        const std::size_t kernel = log.find("<kernel>:", from);
        if (kernel != std::string::npos)
            found = {kernel, kernel + 9};
        for (std::size_t t = log.find("tempfile_", from); t != std::string::npos && t < found.first;
             t = log.find("tempfile_", t + 1)) {
            std::size_t end = t + 9;
            while (end < log.size() && std::isalnum(static_cast<unsigned char>(log[end])))
                ++end;
            if (log.compare(end, 4, ".cl:") != 0)
                continue;
            std::size_t start = t;
            while (start > from && !std::isspace(static_cast<unsigned char>(log[start - 1])) && log[start - 1] != '"' &&
                   log[start - 1] != '\'')
                --start;
            found = {start, end + 4};
            break;
        }
        // Intel's CPU runtime: a number for the source at the start of a line ("4:3:56: error: ...").
        for (std::size_t l = from; l < found.first && l < log.size(); ++l) {
            if (l != 0 && log[l - 1] != '\n')
                continue;  // not a line's start
            std::size_t end = l, fields = 0;
            while (fields < 3) {
                const std::size_t digits = end;
                while (end < log.size() && std::isdigit(static_cast<unsigned char>(log[end])))
                    ++end;
                if (end == digits || end >= log.size() || log[end] != ':')
                    break;
                ++end;
                ++fields;
            }
            if (fields == 3 && end < log.size() && log[end] == ' ') {
                found = {l, log.find(':', l) + 1};
                break;
            }
        }
        return found;
    };
    std::string out;
    for (std::size_t i = 0; i < log.size();) {
        const auto [hit, after] = nextName(i);
        if (hit == std::string::npos) {
            out += log.substr(i);
            break;
        }
        out += log.substr(i, hit - i);
        std::size_t end = after;
        long n = 0;
        while (end < log.size() && std::isdigit(static_cast<unsigned char>(log[end])) && n < 100000000)
            n = n * 10 + (log[end++] - '0');
        if (end < log.size() && log[end] == ':' && n >= 1 && static_cast<std::size_t>(n) <= at.size()) {
            out += at[n - 1].first + ":" + std::to_string(at[n - 1].second);
        } else {
            out += log.substr(hit, end - hit);
        }
        i = end;
    }
    return out;
}

std::string readKernelFile(const std::string& file, const std::string& configured)
{
    return readKernelText(file, configured, 0);
}

std::string builtKernelsText()
{
    std::lock_guard<std::mutex> lock(builtMutex);
    std::string text;
    for (const auto& b : builtKernelFiles) {
        text += "  kernel file " + b.file + " defines:";
        for (const auto& k : b.kernels)
            text += "\n    " + k;
        text += "\n";
    }
    return text;
}

cl::Program buildSource(const cl::Context& context, const cl::Device& device, const std::string& source,
                        const std::string& file, const std::string& options)
{
    return buildSource(context, std::vector<cl::Device>{device}, source, file, options);
}

bool poclMiscompilesSmallWorkGroups(const std::string& platformVersion)
{
    const std::string release = "PoCL 6.0";
    const auto at = platformVersion.find(release);
    if (at == std::string::npos)
        return false;
    const std::size_t after = at + release.size();  // "6.0+debian", "6.0 " or the end; not "6.01"
    return after == platformVersion.size() || !std::isdigit(static_cast<unsigned char>(platformVersion[after]));
}

bool poclAssertsOnSmallWorkGroups(const std::string& platformVersion)
{
    const std::string release = "PoCL 3.1";
    const auto at = platformVersion.find(release);
    if (at == std::string::npos)
        return false;
    const std::size_t after = at + release.size();  // "3.1+debian", "3.1 " or the end; not "3.10"
    return after == platformVersion.size() || !std::isdigit(static_cast<unsigned char>(platformVersion[after]));
}

bool avoidPoclReplication(const cl::Device& device)
{
    const cl::Platform platform(device.getInfo<CL_DEVICE_PLATFORM>());
    const std::string version = platform.getInfo<CL_PLATFORM_VERSION>();
    if (!poclMiscompilesSmallWorkGroups(version) && !poclAssertsOnSmallWorkGroups(version))
        return false;
    // Decided once per process, at the first build for such a PoCL: PoCL reads the variable when it
    // makes a kernel's work-group function, at the kernel's first launch with a new work-group size,
    // so it is set before any kernel runs on that PoCL (and never changed afterwards).
    static std::once_flag once;
    static bool set = false;
    std::call_once(once, [] {
        if (!std::getenv("POCL_FULL_REPLICATION_THRESHOLD") && !std::getenv("POCL_WORK_GROUP_METHOD"))
            set = ::setenv("POCL_FULL_REPLICATION_THRESHOLD", "0", 0) == 0;  // else the user's choice stands
    });
    return set;
}

cl::Program buildSource(const cl::Context& context, const std::vector<cl::Device>& devices, const std::string& source,
                        const std::string& file, const std::string& given)
{
    std::string options = given;
    if (avoidPoclReplication(devices.at(0)))
        options += std::string(options.empty() ? "" : " ") + "-D HOC_POCL_WORK_ITEM_LOOPS";
    cl::Program program(context, source);
    cl::Device device = devices.at(0);  // the device named in messages: the first, or the first that failed
    try {
        program.build(devices, options.c_str());
    } catch (const cl::Error& e) {
        if (e.err() != CL_BUILD_PROGRAM_FAILURE && e.err() != CL_INVALID_BUILD_OPTIONS)
            throw;
        for (const auto& d : devices) {
            try {
                if (program.getBuildInfo<CL_PROGRAM_BUILD_STATUS>(d) == CL_BUILD_ERROR) {
                    device = d;
                    break;
                }
            } catch (const cl::Error&) {  // not told: keep the first device
            }
        }
        std::string log;
        try {
            log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
        } catch (const cl::Error&) {
            log = "(the build log could not be read)";
        }
        if (e.err() == CL_INVALID_BUILD_OPTIONS)
            log = "invalid build options: \"" + given + "\"\n" + log;
        throw BuildFailure(file, deviceLabel(device), e.err(), linesOfTheFiles(log, source, file));
    }
    watchdog::progress(whereFound(file));  // from now on, a kernel that never ends is noted
    // What the file defines, for the error messages: a source without a kernel is reported now.
    BuiltKernels kernels{whereFound(file), {}};
    std::string names;
    try {
        // The count first: NVIDIA's OpenCL (driver 580) crashes when asked the names of no kernels
        // (Kernels.ASourceWithoutKernelIsNamed, a segmentation fault on the H100).
        if (program.getInfo<CL_PROGRAM_NUM_KERNELS>() > 0)
            names = program.getInfo<CL_PROGRAM_KERNEL_NAMES>();
    } catch (const cl::Error&) {  // not told: nothing to check, nothing to list
        return program;
    }
    names.erase(names.find_last_not_of(std::string("\0", 1)) + 1);
    watchdog::kernelNames(names);  // the note names them: the kernel that does not finish is one of these
    if (names.find_first_not_of("; ") == std::string::npos)
        throw Failure("kernel file " + kernels.file + " built for " + deviceLabel(device) +
                      " but defines no kernel (no __kernel function): the program has nothing to run");
    std::istringstream list(names);
    for (std::string name; std::getline(list, name, ';');) {
        if (name.empty())
            continue;
        try {
            kernels.kernels.push_back(kernelSignature(cl::Kernel(program, name.c_str()), source));
        } catch (const cl::Error&) {
            kernels.kernels.push_back(name);
        }
    }
    std::lock_guard<std::mutex> lock(builtMutex);
    for (auto it = builtKernelFiles.begin(); it != builtKernelFiles.end(); ++it)
        if (it->file == kernels.file) {  // the same file built again (other options): listed once
            builtKernelFiles.erase(it);
            break;
        }
    builtKernelFiles.push_back(std::move(kernels));
    if (builtKernelFiles.size() > 8)
        builtKernelFiles.erase(builtKernelFiles.begin());
    return program;
}

}  // namespace hoc
