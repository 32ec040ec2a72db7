// Exercise 19: command line, inputs and the two parts. The OpenCL work is in overlap.cpp; what
// checks it in pipeline.cpp; what is printed and reported of each part in report.cpp and, from the
// timestamps, Measure's hoc/measure/pipeline.hpp.
#include <algorithm>
#include <climits>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "overlap.hpp"
#include "report.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
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
    requireHostArrays(device, n, options);
    const float a = 0.75f;
    const auto x = hoc::randomFloats(n, 1, -1, 1), y = hoc::randomFloats(n, 2, -1, 1);
    const SaxpyReference expected = saxpyReference(a, x, y, options.rounds);
    printPipeline(n, options);

    std::cout << "\nPart 1: one in-order queue\n";
    const PipelineResult one = saxpyOneQueue(device, a, x, y, options);
    const Overlap o1 = hoc::describePipeline(one.commands, one.chunks);  // the first chunks, and the overlap
    reportPart(report, "one queue: Y = a X + Y", hoc::compareWithBounds(expected.value, one.y, expected.bound),
               o1.span_s, n);

    std::cout << "\nPart 2: three queues linked by events\n";
    const PipelineResult three = saxpyThreeQueues(device, a, x, y, options);
    const Overlap o2 = hoc::describePipeline(three.commands, three.chunks);
    reportPart(report, "three queues: Y = a X + Y", hoc::compareWithBounds(expected.value, three.y, expected.bound),
               o2.span_s, n);
    reportDependencies(report, three, options.slots);

    hoc::printOverlapGain(device, o1, o2, "part 1", "part 2");  // part 2's time against part 1's
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
