// Exercise 12: where buffers live (CL_MEM_COPY_HOST_PTR, CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR),
// and why the host must wait for non-blocking commands before it looks at their results.
#pragma once

#include <string>
#include <vector>

#include "hoc/common/names.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

enum class HostMemory { Copy, Use, Alloc };

// "CL_MEM_COPY_HOST_PTR", "CL_MEM_USE_HOST_PTR", "CL_MEM_ALLOC_HOST_PTR"
inline std::string flagName(HostMemory flag)
{
    static const hoc::Names<HostMemory> names{
        {HostMemory::Copy, "CL_MEM_COPY_HOST_PTR"},
        {HostMemory::Use, "CL_MEM_USE_HOST_PTR"},
        {HostMemory::Alloc, "CL_MEM_ALLOC_HOST_PTR"},
    };
    return names(flag);
}

// Host-timer seconds of one vadd, split into its parts.
struct FlagTimes {
    double setup_s = 0;    // creating the buffers and putting A and B in them
    double kernel_s = 0;   // the kernel, by its profiling event
    double results_s = 0;  // getting C onto the host (a read, or a map and unmap)
    double total_s = 0;    // all of it, from the first buffer to C on the host
};

struct FlagRun {
    HostMemory flag = HostMemory::Copy;
    std::vector<float> c;  // C = A + B from the last run
    FlagTimes times;       // the run with the median total time (of an even count the upper middle one: a whole run)
};

// C = A + B (Kernels/vadd.cl) with buffers made each way in `flags`, each run repeats.warmups
// times untimed, then repeats.runs times (at least once); a and b have the same length (at least 1).
std::vector<FlagRun> vaddWithFlags(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                                   const std::vector<HostMemory>& flags, const hoc::Repeats& repeats);

// The three correct ways to wait for a non-blocking command.
enum class WaitBy { Finish, Event, BlockingRead };

// "queue.finish()", "the read's event", "a blocking read"
inline std::string waitName(WaitBy how)
{
    static const hoc::Names<WaitBy> names{
        {WaitBy::Finish, "queue.finish()"},
        {WaitBy::Event, "the read's event"},
        {WaitBy::BlockingRead, "a blocking read"},
    };
    return names(how);
}

struct NonBlockingRun {
    cl_int kernel_status = CL_COMPLETE;  // CL_EVENT_COMMAND_EXECUTION_STATUS right after enqueueing the kernel
    std::vector<float> c;                // C = A + B, read once it is safe to
};

// Enqueues vadd while a user event holds it back, records the kernel's status right after the
// enqueue call returned (not CL_COMPLETE: C is not there yet), releases it, and gets C `how`.
NonBlockingRun vaddNonBlocking(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                               WaitBy how);

// Host memory lifetime: a non-blocking write reads its host memory when it runs, which may be
// long after the enqueue call returned. The host vector must live until then.
enum class HostLifetime {
    DiesTooEarly,  // the vector goes out of scope right after the enqueue (the bug)
    WaitThenDie,   // the host waits for the write's event before the vector goes (the fix)
};

// "the vector dies right after the enqueue", "the host waits for the write's event, then the vector dies"
std::string lifetimeName(HostLifetime how);

struct LifetimeRun {
    std::vector<float> device_copy;  // what the buffer held afterwards, read back
};

// Writes `a` into a device buffer with a non-blocking write from a ShortLivedVector
// (short_lived_vector.hpp) that goes out of scope as `how` says, while a user event stands for
// earlier work that keeps the device from starting the write; then reads the buffer back.
LifetimeRun writeFromShortLivedVector(const cl::Device& device, const std::vector<float>& a, HostLifetime how);
