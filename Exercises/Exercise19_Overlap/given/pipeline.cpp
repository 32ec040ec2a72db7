// Exercise 19: what parts 1 and 2 share (pinned host memory, the memory check) and what checks them
// (the serial reference, the dependencies, which Measure reads from the timestamps). Not the lesson:
// the lesson is overlap.cpp.
#include <algorithm>
#include <climits>
#include <cmath>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "overlap.hpp"

PinnedFloats::PinnedFloats(const cl::Context& context, const cl::CommandQueue& queue, std::size_t n)
    : queue_(queue), buffer_(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, sizeof(float) * n)
{
    data_ = static_cast<float*>(
        queue_.enqueueMapBuffer(buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, sizeof(float) * n));
}

PinnedFloats::~PinnedFloats()
{
    try {
        queue_.enqueueUnmapMemObject(buffer_, data_);
        queue_.finish();
    } catch (...) {  // a destructor must not throw; the buffer is released anyway
    }
}

void requirePipelineMemory(const cl::Device& device, std::size_t n, const PipelineOptions& options)
{
    if (options.chunk > static_cast<std::size_t>(INT_MAX))
        throw hoc::UsageError("--chunk " + std::to_string(options.chunk) + " is more than the kernel counts (" +
                              std::to_string(INT_MAX) + " elements)");
    const std::size_t chunk = std::min(options.chunk, n);
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(chunk), static_cast<int>(2 * options.slots),
                        std::to_string(options.slots) + " slots of " + std::to_string(chunk) + " elements");
    // The pinned host arrays X and Y are OpenCL buffers too (on a CPU device, in the same memory).
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(n), 2, "N = " + std::to_string(n));
}

SaxpyReference saxpyReference(float a, const std::vector<float>& x, const std::vector<float>& y, int rounds)
{
    SaxpyReference r;
    r.value.resize(y.size());
    r.bound.resize(y.size());
    const double unit = std::ldexp(1.0, -23);
    for (std::size_t i = 0; i < y.size(); ++i) {
        const double ax = static_cast<double>(a) * x[i];
        r.value[i] = y[i] + rounds * ax;
        r.bound[i] = rounds * unit * (std::fabs(y[i]) + (rounds + 1) * std::fabs(ax));
    }
    return r;
}

std::string dependencyProblem(const PipelineResult& result, std::size_t slots)
{
    // Each chunk's commands, what each missing dependency looks like, and where the starter leaves it out.
    hoc::ChunkSteps steps;
    steps.writes = {"write x", "write y"};
    steps.kernel = "saxpy";
    steps.read = "read y";
    steps.kernelTooEarly = "the kernel did not wait for its chunk's data (TODO 1 of saxpyThreeQueues: a wait list with "
                           "both writes' events)";
    steps.readTooEarly = "the read did not wait for the kernel, and read Y before it was computed (TODO 2: a wait "
                         "list with the kernel's event)";
    steps.slotTooEarly = "the slot was filled again before its previous chunk was read back (TODO 3: the writes wait "
                         "for the read that emptied the slot)";
    return hoc::chunkDependencyProblem(result.commands, result.chunks, slots, steps);
}
