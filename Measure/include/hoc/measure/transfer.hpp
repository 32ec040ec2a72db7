// The host level of the memory hierarchy: how fast data crosses between the host's memory and a
// device's global memory, each way, timed by the copies' profiling events. From ordinary host memory
// (a std::vector: pageable, which a runtime may have to copy once more through a staging buffer of its
// own before its copy engine can reach it) and from pinned host memory (a buffer made with
// CL_MEM_ALLOC_HOST_PTR and mapped: host memory the runtime allocated and can hand its copy engine
// directly). Used by Exercise 20b, beside the global-memory probes of bandwidth.hpp and roofs.hpp.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

enum class HostBuffer { pageable, pinned };

// "pageable (a std::vector)" or "pinned (a mapped CL_MEM_ALLOC_HOST_PTR buffer)".
std::string hostBufferText(HostBuffer host);

// What one measurement of the copies did.
struct TransferRuns {
    HostBuffer host = HostBuffer::pageable;
    double bytes = 0;                  // bytes of one copy
    std::vector<double> writeSeconds;  // host -> device (clEnqueueWriteBuffer), each timed run
    std::vector<double> readSeconds;   // device -> host (clEnqueueReadBuffer), each timed run
    CheckResult check;                 // what came back against what was sent, bit for bit
};

class TransferBenchmark {
public:
    // A context and a profiling queue of its own on `device`.
    explicit TransferBenchmark(const cl::Device& device);

    // Copies `floats` floats host -> device, then device -> host, each repeats.warmups + repeats.runs
    // times (blocking, one at a time), from and into host memory of the kind asked for; then compares
    // what the last read brought back with what was written. hoc::Failure for 0 floats.
    TransferRuns runs(std::size_t floats, HostBuffer host, const Repeats& repeats);

    // The floats the probe copies when the user gives no size: 2^26 (256 MiB), or the most that fits
    // one buffer on the device and, with the host's copies, this machine's memory (at least 2^20).
    static std::size_t defaultFloats(const cl::Device& device);

    // Refuses (hoc::UsageError, exit status 2) a size the device cannot hold in one buffer, or the host
    // cannot hold with its two copies (sent and received) and, on a device that shares the host's
    // memory, the buffers as well. `what` names the size ("--transfer-size 1073741824").
    static void require(const cl::Device& device, std::size_t floats, const std::string& what);

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
};

}  // namespace hoc
