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
