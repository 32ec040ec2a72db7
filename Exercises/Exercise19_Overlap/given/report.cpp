#include "report.hpp"

#include <cstdio>
#include <iostream>
#include <vector>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/limits.hpp"

void requireHostArrays(const cl::Device& device, std::size_t n, const PipelineOptions& options)
{
    hoc::requireHostMemory(
        hoc::hostBytes(device,
                       6.0 * sizeof(float) * static_cast<double>(n) + 2.0 * sizeof(double) * static_cast<double>(n),
                       2.0 * sizeof(float) * static_cast<double>(options.slots * options.chunk)),
        "N = " + std::to_string(n));
}

void printPipeline(std::size_t n, const PipelineOptions& options)
{
    const std::size_t chunks = (n + options.chunk - 1) / options.chunk;
    std::printf("Y = a X + Y, %d round%s per element, N = %zu in %zu chunk%s of %zu, %zu slot%s on the device\n",
                options.rounds, options.rounds == 1 ? "" : "s", n, chunks, chunks == 1 ? "" : "s", options.chunk,
                options.slots, options.slots == 1 ? "" : "s");
}

Overlap describe(const PipelineResult& r)
{
    std::vector<hoc::CommandTimes> first;
    for (const Command& c : r.commands)
        if (c.chunk < 2)
            first.push_back(c.times);
    std::cout << "  the first " << (r.chunks < 2 ? "chunk's" : "two chunks'") << " commands:\n"
              << hoc::timelineTable(first);
    const Overlap o = measureOverlap(r.commands);
    std::printf("  all %zu chunks: %.3f ms from the first start to the last end; copies ran %.3f ms, kernels %.3f ms;\n"
                "  copies while a kernel ran: %.3f ms (%.0f%% of the copy time)\n",
                r.chunks, o.span_s * 1e3, o.copy_s * 1e3, o.kernel_s * 1e3, o.hidden_s * 1e3, 100 * o.hiddenFraction());
    return o;
}

void reportPart(hoc::Report& report, const std::string& name, const hoc::CheckResult& check, double seconds,
                std::size_t n)
{
    const double bytes = 3.0 * sizeof(float) * static_cast<double>(n);
    report.add({name,
                "N = " + std::to_string(n),
                check.ok,
                check.message(),
                seconds,
                hoc::gbps(bytes, seconds),
                "GB/s",
                {{"bus_bytes", bytes}}});
}

void reportDependencies(hoc::Report& report, const PipelineResult& three, std::size_t slots)
{
    const std::string problem = dependencyProblem(three, slots);
    const std::string kept = "all " + std::to_string(three.commands.size()) + " commands";
    const std::string rule = "three queues: each kernel after its writes, each read after its kernel, each slot "
                             "refilled after its read";
    report.add({rule, "", problem.empty(), problem.empty() ? kept : problem, 0, 0, "", {}});
}

void printOverlap(const cl::Device& device, const Overlap& o1, const Overlap& o2)
{
    std::printf("\nOverlap: part 2 took %.2f times part 1's time; %.0f%% of its copy time ran while a kernel ran\n",
                o1.span_s > 0 ? o2.span_s / o1.span_s : 0.0, 100 * o2.hiddenFraction());
    if (device.getInfo<CL_DEVICE_HOST_UNIFIED_MEMORY>())
        std::cout
            << "  note: this device shares its memory with the host (CL_DEVICE_HOST_UNIFIED_MEMORY): a copy is a\n"
               "  memcpy done by the same cores that run the kernels, so hiding it frees no hardware of its own\n";
}
