// Exercise 19: what parts 1 and 2 share (pinned host memory, the memory check) and what checks them
// (the serial reference, the overlap measured from the timestamps, which Measure counts, the
// dependencies). Not the lesson: the lesson is overlap.cpp.
#include <algorithm>
#include <climits>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

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

std::string commandTypeName(cl_command_type type)
{
    switch (type) {
    case CL_COMMAND_WRITE_BUFFER: return "write";
    case CL_COMMAND_NDRANGE_KERNEL: return "kernel";
    case CL_COMMAND_READ_BUFFER: return "read";
    default: return "command type " + std::to_string(type);
    }
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

Overlap measureOverlap(const std::vector<Command>& commands)
{
    std::vector<hoc::CommandTimes> copies, kernels;
    for (const Command& c : commands)
        (c.type == CL_COMMAND_NDRANGE_KERNEL ? kernels : copies).push_back(c.times);
    return hoc::measureOverlap(copies, kernels);
}

// What each missing dependency looks like, and where the starter leaves it out.
const char* const kKernelTooEarly =
    "the kernel did not wait for its chunk's data (TODO 1 of saxpyThreeQueues: a wait list with both writes' events)";
const char* const kReadTooEarly =
    "the read did not wait for the kernel, and read Y before it was computed (TODO 2: a wait list with the kernel's "
    "event)";
const char* const kSlotTooEarly =
    "the slot was filled again before its previous chunk was read back (TODO 3: the writes wait for the read that "
    "emptied the slot)";

std::string dependencyProblem(const PipelineResult& result, std::size_t slots)
{
    // The commands of each chunk, by their names without the chunk's number.
    std::map<std::size_t, std::map<std::string, const hoc::CommandTimes*>> chunk;
    for (const Command& c : result.commands) {
        const std::string& name = c.times.name;
        chunk[c.chunk][name.substr(0, name.rfind(' '))] = &c.times;  // "write x", "saxpy", ... (the number cut off)
    }
    const auto find = [&](std::size_t c, const std::string& what) -> const hoc::CommandTimes* {
        const auto it = chunk.find(c);
        if (it == chunk.end())
            return nullptr;
        const auto jt = it->second.find(what);
        return jt == it->second.end() ? nullptr : jt->second;
    };
    const auto after = [](const hoc::CommandTimes& later, const hoc::CommandTimes& earlier, const std::string& why) {
        if (later.start >= earlier.end)
            return std::string();
        std::ostringstream text;
        text << "'" << later.name << "' started " << std::fixed << std::setprecision(1)
             << static_cast<double>(earlier.end - later.start) * 1e-3 << " us before '" << earlier.name
             << "' ended: " << why;
        return text.str();
    };
    for (std::size_t c = 0; c < result.chunks; ++c) {
        const auto *wx = find(c, "write x"), *wy = find(c, "write y"), *k = find(c, "saxpy"), *r = find(c, "read y");
        if (!wx || !wy || !k || !r)
            return "chunk " + std::to_string(c) + " lacks a command (expected write x, write y, saxpy and read y)";
        for (const auto* w : {wx, wy})
            if (auto p = after(*k, *w, kKernelTooEarly); !p.empty())
                return p;
        if (auto p = after(*r, *k, kReadTooEarly); !p.empty())
            return p;
        if (c >= slots) {
            const auto* previous = find(c - slots, "read y");
            for (const auto* w : {wx, wy})
                if (auto p = after(*w, *previous, kSlotTooEarly); !p.empty())
                    return p;
        }
    }
    return "";
}
