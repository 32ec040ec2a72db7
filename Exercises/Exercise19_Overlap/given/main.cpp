// Exercise 19: command line, inputs, checks, and the overlap read from the profiling timestamps.
// The OpenCL work is in overlap.cpp.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <iostream>

#include "hoc/common/data.hpp"
#include "hoc/cli/main.hpp"
#include "overlap.hpp"

namespace {

// The first two chunks' commands as a timeline, then what the timestamps say about overlap.
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

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise19_Overlap", "Exercise 19: overlapping copies and kernels, a SAXPY in chunks");
    std::size_t n = 1 << 22;
    PipelineOptions options;
    long rounds = options.rounds, hold_ms = 20;
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);
    cli.sizeOption("--chunk", options.chunk, "Elements per chunk", INT_MAX);
    cli.sizeOption("--slots", options.slots, "Chunks the device holds at once", 64);
    cli.option("--rounds", rounds, "a X + Y steps per element (1: a plain SAXPY)", 1, 1000000);
    cli.option("--hold", hold_ms,
               "Milliseconds the host holds the enqueued pipeline before it starts it "
               "(0: no hold, for oclgrind)",
               0, 60000);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    options.rounds = static_cast<int>(rounds);
    options.hold_s = static_cast<double>(hold_ms) * 1e-3;
    options.chunk = std::min(options.chunk, n);
    requirePipelineMemory(device, n, options);
    // Held at once on the host: X, Y, the two parts' results, the reference's values and bounds (in
    // double), and the pinned X and Y the pipeline copies from (host memory on any device); on a CPU
    // device the slots too.
    hoc::requireHostMemory(
        hoc::hostBytes(device,
                       6.0 * sizeof(float) * static_cast<double>(n) + 2.0 * sizeof(double) * static_cast<double>(n),
                       2.0 * sizeof(float) * static_cast<double>(options.slots * options.chunk)),
        "N = " + std::to_string(n));
    const float a = 0.75f;
    const auto x = hoc::randomFloats(n, 1, -1, 1), y = hoc::randomFloats(n, 2, -1, 1);
    const SaxpyReference expected = saxpyReference(a, x, y, options.rounds);
    const std::size_t chunks = (n + options.chunk - 1) / options.chunk;
    const std::string size = "N = " + std::to_string(n);
    std::printf("Y = a X + Y, %d round%s per element, N = %zu in %zu chunk%s of %zu, %zu slot%s on the device\n",
                options.rounds, options.rounds == 1 ? "" : "s", n, chunks, chunks == 1 ? "" : "s", options.chunk,
                options.slots, options.slots == 1 ? "" : "s");
    // Bytes over the bus: X and Y to the device, Y back. Recorded as "bus_bytes", not "bytes": the
    // runner's roofline counts a kernel's global-memory traffic, which this is not.
    const double bytes = 3.0 * sizeof(float) * static_cast<double>(n);
    const auto record = [&](const std::string& name, const hoc::CheckResult& check, double seconds) {
        report.add({name,
                    size,
                    check.ok,
                    check.message(),
                    seconds,
                    hoc::gbps(bytes, seconds),
                    "GB/s",
                    {{"bus_bytes", bytes}}});
    };

    std::cout << "\nPart 1: one in-order queue\n";
    const PipelineResult one = saxpyOneQueue(device, a, x, y, options);
    const Overlap o1 = describe(one);
    record("one queue: Y = a X + Y", hoc::compareWithBounds(expected.value, one.y, expected.bound), o1.span_s);

    std::cout << "\nPart 2: three queues linked by events\n";
    const PipelineResult three = saxpyThreeQueues(device, a, x, y, options);
    const Overlap o2 = describe(three);
    record("three queues: Y = a X + Y", hoc::compareWithBounds(expected.value, three.y, expected.bound), o2.span_s);
    const std::string problem = dependencyProblem(three, options.slots);
    const std::string kept = "all " + std::to_string(three.commands.size()) + " commands";
    const std::string rule = "three queues: each kernel after its writes, each read after its kernel, each slot "
                             "refilled after its read";
    report.add({rule, "", problem.empty(), problem.empty() ? kept : problem, 0, 0, "", {}});

    std::printf("\nOverlap: part 2 took %.2f times part 1's time; %.0f%% of its copy time ran while a kernel ran\n",
                o1.span_s > 0 ? o2.span_s / o1.span_s : 0.0, 100 * o2.hiddenFraction());
    if (device.getInfo<CL_DEVICE_HOST_UNIFIED_MEMORY>())
        std::cout
            << "  note: this device shares its memory with the host (CL_DEVICE_HOST_UNIFIED_MEMORY): a copy is a\n"
               "  memcpy done by the same cores that run the kernels, so hiding it frees no hardware of its own\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
