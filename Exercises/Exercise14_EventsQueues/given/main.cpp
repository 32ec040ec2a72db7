// Exercise 14: command line, inputs and the four parts. The OpenCL work is in events.cpp; what each
// part prints and reports, in parts.cpp.
#include <algorithm>
#include <climits>
#include <iostream>

#include "events.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "parts.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise14_EventsQueues", "Exercise 14: events, out-of-order queues, user events, markers "
                                                    "and barriers, async copies");
    std::size_t n = 1 << 18;
    long rounds = 50, hold_ms = 50;
    std::vector<std::size_t> dims = {256};
    std::size_t local = 64;
    std::vector<std::string> parts = {"1", "2", "3", "4"};
    cli.sizeOption("-n,--size", n, "Vector length for parts 1-3", INT_MAX);
    cli.option("--rounds", rounds, "Work per element of the produce kernel", 0, 1000000);
    cli.option("--hold", hold_ms, "How long the host holds its user event, in milliseconds", 0, 60000);
    cli.sizesOption("--dims", dims, "Matrix sizes for part 4: N (square) or M,N,K");
    cli.sizeOption("--local", local, "Work-group size for part 4", 1 << 20);
    cli.listOption("--parts", parts, "Parts to run (default: all)", {"1", "2", "3", "4"});

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const auto d = hoc::matmul::dimsFrom(dims);  // sizes the kernel cannot index: exit 2
    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const auto part = [&](const char* number) { return std::find(parts.begin(), parts.end(), number) != parts.end(); };
    requireMemory(device, n, part("4"), d);  // exit status 2 where the device or the host cannot hold them
    const auto x = hoc::randomFloats(n, 1), y = hoc::randomFloats(n, 2);
    const int r = static_cast<int>(rounds);
    const double hold_s = static_cast<double>(hold_ms) * 1e-3;
    const std::string size = "N = " + std::to_string(n);
    const auto px = produceOnHost(x, r), expected = sum(px, produceOnHost(y, r));

    if (part("1")) {
        std::cout << "\nPart 1: a user event holds a kernel back\n";
        const GateResult gate = holdWithUserEvent(device, x, r, hold_s);
        reportGate(report, gate, px, size);
    }

    if (part("2")) {
        std::cout << "\nPart 2: a kernel waits for the events of two others\n";
        const JoinResult join = joinTwoKernels(device, x, y, r, hold_s);
        reportJoin(report, join, expected, size);
    }

    if (part("3")) {
        std::cout << "\nPart 3: two queues linked by a marker and a barrier\n";
        const TwoQueuesResult link = linkTwoQueues(device, x, y, r, hold_s);
        reportLink(report, link, sum(px, y), size);
    }

    if (part("4")) {
        std::cout << "\nPart 4: a row of C per work-item, columns of B copied to local memory asynchronously\n";
        const auto a = hoc::randomFloats(d.m * d.k, 3, -1, 1), b = hoc::randomFloats(d.k * d.n, 4, -1, 1);
        const RowResult rows = matmulRowsAsyncCopy(device, a, b, d, local);
        reportRows(report, rows, a, b, d);
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
