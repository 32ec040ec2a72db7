// The host memory a run will need, checked before allocating it: a size the user asked for that this
// machine cannot hold is refused with both figures named (exit status 2: the size is what has to
// change), not met by std::bad_alloc or the kernel's OOM killer halfway through. The one path for
// every program's large host allocations: each program adds up everything it holds at once (its
// vectors, references, and on a device that shares the host's memory its device buffers too:
// hoc::hostBytes, hoc/common/device.hpp) and calls requireHostMemory before allocating any of it.
// (The device's limits are hoc/common/limits.hpp's and hoc::requireBuffers'.)
#pragma once

#include <cstdint>
#include <string>

namespace hoc {

// How much memory this process can still take on this machine: the least of MemAvailable in
// /proc/meminfo, the cgroup's limit less its use (cgroup v2 memory.max - memory.current, or v1
// memory.limit_in_bytes - memory.usage_in_bytes: a container's limit), the address-space limit
// (ulimit -v) less the address space this process has already (VmSize), and HOC_HOST_MEMORY_LIMIT
// (bytes, or with a suffix K, M, G or T for KiB, MiB, GiB or TiB: a limit on the whole program's
// resident memory a user sets for a run, and the reliability tests' small machine) less what this
// process holds already (VmRSS: the program, its libraries, the OpenCL runtime loaded so far).
// `source` names the one that decided, with what was subtracted; a source that cannot be read is
// left out (UINT64_MAX: none known).
struct HostMemory {
    std::uint64_t bytes = UINT64_MAX;
    std::string source;
};
HostMemory hostMemory();

// What the OpenCL runtime may still take after a program's check, besides the program's own data: its
// context, command queue, kernel compiler and worker threads. The compiler is most of it: with its
// kernel cache empty (a first run), PoCL 3.1 took programs that held about 64 MiB at the check to 213
// to 233 MiB while building their kernels (vadd, sgemm, occupancy, transpose, memory_hierarchy,
// matmul_table at small sizes), PoCL 6.0 took vadd to 204 MiB; with the cache warm, 83 MiB
// (tests/reliability/peak_rss runs each program with the cache empty; at 192 MiB, sgemm_benchmark
// peaked 2.3 MiB above its limit). requireHostMemory adds it to every need.
inline constexpr std::uint64_t kRuntimeReserve = 224u << 20;

// Before allocating: fails with hoc::UsageError (exit status 2) when `bytes` of host memory, and the
// runtime's reserve (kRuntimeReserve) with them, are more than hostMemory() says this process can
// have, naming both ("multi_device --dims 46341 needs 24.0 GiB of host memory; this machine has
// 20.1 GiB available (MemAvailable in /proc/meminfo, less 224.0 MiB for the OpenCL runtime); choose a
// smaller size"). `bytes` is a double so that a sum of large sizes cannot wrap. From its
// first call on, blocks of 1 MiB or more are mapped from the system and given back when freed (glibc's
// M_MMAP_THRESHOLD), so that the program's peak is what it holds at once.
void requireHostMemory(double bytes, const std::string& what);

}  // namespace hoc
