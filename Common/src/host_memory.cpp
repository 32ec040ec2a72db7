#include "hoc/common/host_memory.hpp"

#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "hoc/common/errors.hpp"
#include "hoc/common/sizes.hpp"

namespace hoc {
namespace {

// The first number in `path` (a cgroup file: "max" or a count of bytes); false if none.
bool readNumber(const std::string& path, std::uint64_t& value)
{
    std::ifstream in(path);
    std::string word;
    if (!(in >> word))
        return false;
    WholeNumber w;
    if (!readWholeNumber(word, w) || w.negative || w.overflow)
        return false;  // "max": no limit
    value = w.magnitude;
    return true;
}

// This process's cgroup v2 folder ("/sys/fs/cgroup/user.slice/..."), from /proc/self/cgroup's "0::" line.
std::string cgroupFolder()
{
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("0::", 0) == 0)
            return "/sys/fs/cgroup" + line.substr(3);
    return "/sys/fs/cgroup";
}

void consider(HostMemory& least, std::uint64_t bytes, const std::string& source)
{
    if (bytes < least.bytes)
        least = {bytes, source};
}

// This process's VmRSS or VmSize (a field of /proc/self/status) in bytes; 0 when it cannot be read.
std::uint64_t selfStatus(const std::string& field)
{
    std::ifstream in("/proc/self/status");
    std::uint64_t kib = 0;
    for (std::string line; std::getline(in, line);)
        if (line.rfind(field + ":", 0) == 0) {
            std::istringstream words(line.substr(field.size() + 1));
            if (words >> kib)
                return kib * 1024;
        }
    return 0;
}

// `limit` less what this process has of it already (`held`), with both named in `source`.
void considerLess(HostMemory& least, std::uint64_t limit, std::uint64_t held, const std::string& source,
                  const std::string& heldText)
{
    const std::uint64_t left = limit > held ? limit - held : 0;
    consider(least, left,
             held == 0 ? source
                       : source + " of " + memoryText(static_cast<double>(limit)) + ", less the " +
                             memoryText(static_cast<double>(held)) + " " + heldText);
}

// HOC_HOST_MEMORY_LIMIT's value in bytes: a whole number with an optional suffix K, M, G or T.
std::uint64_t limitFromEnvironment(std::string text)
{
    int shift = 0;
    if (!text.empty()) {
        const std::string suffixes = "KMGT";
        const auto at = suffixes.find(static_cast<char>(std::toupper(static_cast<unsigned char>(text.back()))));
        if (at != std::string::npos) {
            shift = 10 * static_cast<int>(at + 1);
            text.pop_back();
        }
    }
    const std::uint64_t value = parseWhole(text, "HOC_HOST_MEMORY_LIMIT (bytes, or a number with K, M, G or T)", 1,
                                           UINT64_MAX >> shift);
    return value << shift;
}

}  // namespace

HostMemory hostMemory()
{
    HostMemory least;
    {
        std::ifstream in("/proc/meminfo");
        std::string key;
        std::uint64_t kib = 0;
        std::string unit;
        while (in >> key >> kib >> unit)
            if (key == "MemAvailable:") {
                consider(least, kib * 1024, "MemAvailable in /proc/meminfo");
                break;
            }
    }
    std::uint64_t limit = 0, used = 0;
    const std::string v2 = cgroupFolder();
    if (readNumber(v2 + "/memory.max", limit)) {
        readNumber(v2 + "/memory.current", used);
        consider(least, limit > used ? limit - used : 0, "the cgroup's memory.max less memory.current, " + v2);
    } else if (readNumber("/sys/fs/cgroup/memory/memory.limit_in_bytes", limit)) {
        readNumber("/sys/fs/cgroup/memory/memory.usage_in_bytes", used);
        consider(least, limit > used ? limit - used : 0, "the cgroup's memory.limit_in_bytes less its usage");
    }
    rlimit as{};
    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
        considerLess(least, static_cast<std::uint64_t>(as.rlim_cur), selfStatus("VmSize"),
                     "the address-space limit, ulimit -v", "of address space the program has already");
    if (const char* env = std::getenv("HOC_HOST_MEMORY_LIMIT"); env && *env)
        considerLess(least, limitFromEnvironment(env), selfStatus("VmRSS"), "HOC_HOST_MEMORY_LIMIT",
                     "that the program and its OpenCL runtime hold already");
    return least;
}

void requireHostMemory(double bytes, const std::string& what)
{
#ifdef __GLIBC__
    // From here on every block of 1 MiB or more is mapped from the system and given back when freed,
    // so that what a program holds at its peak is what it holds at once, as counted. By default
    // glibc raises this threshold to the size of the first large block freed, keeps the later ones
    // in its heap, and a heap with holes holds more than is in use: Exercise 16's reduce peaked one
    // vector above its count (tests/reliability/peak_rss).
    static const bool mapped = mallopt(M_MMAP_THRESHOLD, 1 << 20) == 1;
    (void)mapped;
#endif
    const HostMemory available = hostMemory();
    const double reserve = static_cast<double>(kRuntimeReserve);
    if (available.bytes == UINT64_MAX || bytes + reserve <= static_cast<double>(available.bytes))
        return;
    const double left = std::max(0.0, static_cast<double>(available.bytes) - reserve);
    throw UsageError(what + " needs " + memoryText(bytes) + " of host memory; this machine has " + memoryText(left) +
                     " available (" + available.source + ", less " + memoryText(reserve) +
                     " that the OpenCL runtime may still take); choose a smaller size");
}

}  // namespace hoc
