// The host memory a run will need, checked before allocating it: a size the user asked for that this
// machine cannot hold is refused with both figures named (exit status 3), not met by std::bad_alloc
// or the kernel's OOM killer halfway through. (The device's limits are Common's, hoc/limits.hpp.)
#pragma once

#include <cstdint>
#include <string>

namespace hoc {

// How much memory this process can still take on this machine: the least of MemAvailable in
// /proc/meminfo, the cgroup's limit less its use (cgroup v2 memory.max - memory.current, or v1
// memory.limit_in_bytes - memory.usage_in_bytes: a container's limit), the address-space limit
// (ulimit -v) and HOC_HOST_MEMORY_LIMIT (bytes, or with a suffix K, M, G or T for KiB, MiB, GiB or
// TiB: a limit a user sets for a program run, and the bad-input tests' small machine). `source`
// names the one that decided; a source that cannot be read is left out (UINT64_MAX: none known).
struct HostMemory {
    std::uint64_t bytes = UINT64_MAX;
    std::string source;
};
HostMemory hostMemory();

// Before allocating: fails with hoc::Failure (exit status 3) when `bytes` of host memory are more
// than hostMemory() says this process can have, naming both ("multi_device --dims 46341 needs
// 24.0 GiB of host memory; this machine has 20.1 GiB available (MemAvailable in /proc/meminfo);
// choose a smaller size"). `bytes` is a double so that a sum of large sizes cannot wrap.
void requireHostMemory(double bytes, const std::string& what);

}  // namespace hoc
