#include "hoc/measure/pipeline.hpp"

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

namespace hoc {

std::string commandTypeName(cl_command_type type)
{
    switch (type) {
    case CL_COMMAND_WRITE_BUFFER: return "write";
    case CL_COMMAND_NDRANGE_KERNEL: return "kernel";
    case CL_COMMAND_READ_BUFFER: return "read";
    default: return "command type " + std::to_string(type);
    }
}

Overlap measureOverlap(const std::vector<PipelineCommand>& commands)
{
    std::vector<CommandTimes> copies, kernels;
    for (const PipelineCommand& c : commands)
        (c.type == CL_COMMAND_NDRANGE_KERNEL ? kernels : copies).push_back(c.times);
    return measureOverlap(copies, kernels);
}

Overlap describePipeline(const std::vector<PipelineCommand>& commands, std::size_t chunks)
{
    std::vector<CommandTimes> first;
    for (const PipelineCommand& c : commands)
        if (c.chunk < 2)
            first.push_back(c.times);
    std::cout << "  the first " << (chunks < 2 ? "chunk's" : "two chunks'") << " commands:\n" << timelineTable(first);
    const Overlap o = measureOverlap(commands);
    std::printf("  all %zu chunks: %.3f ms from the first start to the last end; copies ran %.3f ms, kernels %.3f ms;\n"
                "  copies while a kernel ran: %.3f ms (%.0f%% of the copy time)\n",
                chunks, o.span_s * 1e3, o.copy_s * 1e3, o.kernel_s * 1e3, o.hidden_s * 1e3, 100 * o.hiddenFraction());
    return o;
}

void printOverlapGain(const cl::Device& device, const Overlap& earlier, const Overlap& later,
                      const std::string& earlierName, const std::string& laterName)
{
    std::printf("\nOverlap: %s took %.2f times %s's time; %.0f%% of its copy time ran while a kernel ran\n",
                laterName.c_str(), earlier.span_s > 0 ? later.span_s / earlier.span_s : 0.0, earlierName.c_str(),
                100 * later.hiddenFraction());
    if (device.getInfo<CL_DEVICE_HOST_UNIFIED_MEMORY>())
        std::cout
            << "  note: this device shares its memory with the host (CL_DEVICE_HOST_UNIFIED_MEMORY): a copy is a\n"
               "  memcpy done by the same cores that run the kernels, so hiding it frees no hardware of its own\n";
}

std::string chunkDependencyProblem(const std::vector<PipelineCommand>& commands, std::size_t chunks, std::size_t slots,
                                   const ChunkSteps& steps)
{
    // The commands of each chunk, by their names without the chunk's number.
    std::map<std::size_t, std::map<std::string, const CommandTimes*>> chunk;
    for (const PipelineCommand& c : commands) {
        const std::string& name = c.times.name;
        chunk[c.chunk][name.substr(0, name.rfind(' '))] = &c.times;  // "write x", "saxpy", ... (the number cut off)
    }
    const auto find = [&](std::size_t c, const std::string& what) -> const CommandTimes* {
        const auto it = chunk.find(c);
        if (it == chunk.end())
            return nullptr;
        const auto jt = it->second.find(what);
        return jt == it->second.end() ? nullptr : jt->second;
    };
    const auto after = [](const CommandTimes& later, const CommandTimes& earlier, const std::string& why) {
        if (later.start >= earlier.end)
            return std::string();
        std::ostringstream text;
        text << "'" << later.name << "' started " << std::fixed << std::setprecision(1)
             << static_cast<double>(earlier.end - later.start) * 1e-3 << " us before '" << earlier.name
             << "' ended: " << why;
        return text.str();
    };
    for (std::size_t c = 0; c < chunks; ++c) {
        std::vector<const CommandTimes*> writes;
        std::string expected;
        for (const std::string& w : steps.writes) {
            writes.push_back(find(c, w));
            expected += w + ", ";
        }
        const auto *k = find(c, steps.kernel), *r = find(c, steps.read);
        bool missing = !k || !r;
        for (const auto* w : writes)
            missing = missing || !w;
        if (missing)
            return "chunk " + std::to_string(c) + " lacks a command (expected " + expected + steps.kernel + " and " +
                   steps.read + ")";
        for (const auto* w : writes)
            if (auto p = after(*k, *w, steps.kernelTooEarly); !p.empty())
                return p;
        if (auto p = after(*r, *k, steps.readTooEarly); !p.empty())
            return p;
        if (c >= slots) {
            const auto* previous = find(c - slots, steps.read);
            for (const auto* w : writes)
                if (auto p = after(*w, *previous, steps.slotTooEarly); !p.empty())
                    return p;
        }
    }
    return "";
}

}  // namespace hoc
