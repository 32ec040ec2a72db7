// Exercise 14: command line, inputs and the four parts. The OpenCL work is in events.cpp; the
// options, and what each part prints and reports, in parts.cpp.
#include <iostream>

#include "events.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/matmul/dims.hpp"
#include "parts.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    Options opt;
    opt.add(cli);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const auto d = hoc::matmul::dimsFrom(opt.dims);  // sizes the kernel cannot index: exit 2
    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    requireMemory(device, opt.n, opt.part("4"), d);  // exit status 2 where the device or the host cannot hold them
    const auto x = hoc::randomFloats(opt.n, 1), y = hoc::randomFloats(opt.n, 2);
    const int r = opt.rounds;
    const double hold_s = opt.holdSeconds();
    const std::string size = "N = " + std::to_string(opt.n);
    const auto px = produceOnHost(x, r), expected = hoc::ref::vadd(px, produceOnHost(y, r));

    if (opt.part("1")) {
        std::cout << "\nPart 1: a user event holds a kernel back\n";
        const GateResult gate = holdWithUserEvent(device, x, r, hold_s);
        reportGate(report, gate, px, size);
    }

    if (opt.part("2")) {
        std::cout << "\nPart 2: a kernel waits for the events of two others\n";
        const JoinResult join = joinTwoKernels(device, x, y, r, hold_s);
        reportJoin(report, join, expected, size);
    }

    if (opt.part("3")) {
        std::cout << "\nPart 3: two queues linked by a marker and a barrier\n";
        const TwoQueuesResult link = linkTwoQueues(device, x, y, r, hold_s);
        reportLink(report, link, hoc::ref::vadd(px, y), size);
    }

    if (opt.part("4")) {
        std::cout << "\nPart 4: a row of C per work-item, columns of B copied to local memory asynchronously\n";
        const auto a = hoc::randomFloats(d.m * d.k, 3, -1, 1), b = hoc::randomFloats(d.k * d.n, 4, -1, 1);
        const RowResult rows = matmulRowsAsyncCopy(device, a, b, d, opt.local);
        reportRows(report, rows, a, b, d);
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
