// Exercise 14: command line, inputs, checks and timelines. The OpenCL work is in events.cpp.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <iostream>

#include "events.hpp"
#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/cli/main.hpp"

namespace {

// Did `later` start only after every one of `earlier` had ended (on the device's clock)?
hoc::Result startedAfter(const std::string& name, const hoc::CommandTimes& later,
                         const std::vector<hoc::CommandTimes>& earlier)
{
    std::string detail = "'" + later.name + "' started";
    bool ok = true;
    for (const auto& e : earlier) {
        const bool after = later.start >= e.end;
        ok = ok && after;
        detail += std::string(&e == &earlier.front() ? "" : " and") + (after ? " after '" : " BEFORE '") + e.name +
                  "' ended";
    }
    return {name, "", ok, detail, 0, 0, "", {}};
}

std::vector<float> sum(const std::vector<float>& a, const std::vector<float>& b)
{
    std::vector<float> c(a.size());
    std::transform(a.begin(), a.end(), b.begin(), c.begin(), [](float x, float y) { return x + y; });
    return c;
}

}  // namespace

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

    hoc::requireBuffers(device, n * sizeof(float), 5, "N = " + std::to_string(n));
    // On the host: X, Y, their produced copies and the expected sums (about 6 vectors of N floats),
    // and for part 4 A, B, C and the check's reference; all checked before any of them is made.
    hoc::requireHostMemory(6.0 * sizeof(float) * static_cast<double>(n), "N = " + std::to_string(n));
    if (std::find(parts.begin(), parts.end(), "4") != parts.end()) {
        hoc::requireBuffers(device, sizeof(float) * static_cast<double>(std::max({d.m * d.k, d.k * d.n, d.m * d.n})), 3,
                            d.text());
        hoc::matmul::requireHostMemory(d, "--dims " + d.text());
    }
    const auto x = hoc::randomFloats(n, 1), y = hoc::randomFloats(n, 2);
    const int r = static_cast<int>(rounds);
    const double hold_s = static_cast<double>(hold_ms) * 1e-3;
    const std::string size = "N = " + std::to_string(n);
    const auto px = produceOnHost(x, r), expected = sum(px, produceOnHost(y, r));
    const auto part = [&](const char* number) { return std::find(parts.begin(), parts.end(), number) != parts.end(); };

    if (part("1")) {
        std::cout << "\nPart 1: a user event holds a kernel back\n";
        const GateResult gate = holdWithUserEvent(device, x, r, hold_s);
        std::cout << hoc::timelineTable({gate.kernel});
        std::printf("  held for %.3f ms; the kernel waited %.3f ms from QUEUED to START\n", gate.held_s * 1e3,
                    static_cast<double>(gate.kernel.start - gate.kernel.queued) * 1e-6);
        const bool waiting = gate.status_held == CL_QUEUED || gate.status_held == CL_SUBMITTED;
        report.add({"kernel held back by the user event",
                    "",
                    waiting,
                    "status at the end of the hold: " + hoc::eventStatusName(gate.status_held) +
                        (waiting ? "" : " (expected CL_QUEUED or CL_SUBMITTED: it did not wait)"),
                    0,
                    0,
                    "",
                    {}});
        report.add({"Y = produce(X) once released",
                    size,
                    hoc::compare(px, gate.y).ok,
                    hoc::compare(px, gate.y).message(),
                    0,
                    0,
                    "",
                    {}});
    }

    if (part("2")) {
        std::cout << "\nPart 2: a kernel waits for the events of two others\n";
        const JoinResult join = joinTwoKernels(device, x, y, r, hold_s);
        std::cout << (join.out_of_order ? "  out-of-order queue\n" : "  note: " + join.note + "\n");
        std::cout << hoc::timelineTable(join.kernels);
        if (join.kernels.size() == 3)
            report.add(
                startedAfter("add waited for both producers", join.kernels[2], {join.kernels[0], join.kernels[1]}));
        const auto joinCheck = hoc::compare(expected, join.c);
        report.add({"C = produce(X) + produce(Y)", size, joinCheck.ok, joinCheck.message(), 0, 0, "", {}});
    }

    if (part("3")) {
        std::cout << "\nPart 3: two queues linked by a marker and a barrier\n";
        const TwoQueuesResult link = linkTwoQueues(device, x, y, r, hold_s);
        std::cout << hoc::timelineTable(link.kernels);
        if (link.kernels.size() == 2)
            report.add(startedAfter("queue 2's add waited for queue 1", link.kernels[1], {link.kernels[0]}));
        const auto linkCheck = hoc::compare(sum(px, y), link.c);
        report.add({"C = produce(X) + Y over two queues", size, linkCheck.ok, linkCheck.message(), 0, 0, "", {}});
    }

    if (part("4")) {
        std::cout << "\nPart 4: a row of C per work-item, columns of B copied to local memory asynchronously\n";
        const auto a = hoc::randomFloats(d.m * d.k, 3, -1, 1), b = hoc::randomFloats(d.k * d.n, 4, -1, 1);
        hoc::requireBuffers(device, sizeof(float) * std::max({d.m * d.k, d.k * d.n, d.m * d.n}), 3, d.text());
        const RowResult rows = matmulRowsAsyncCopy(device, a, b, d, local);
        report.flops("C = A * B, async_work_group_strided_copy, work-groups of " + std::to_string(rows.local), d.text(),
                     hoc::matmul::check(a, b, rows.c, d), {rows.kernel_s, 0}, d.flops(),
                     // as written: a row of A per element of C, each column of B once per work-group, C once
                     {{"bytes", 4.0 * (static_cast<double>(d.m * d.n) * d.k +
                                       static_cast<double>((d.m + rows.local - 1) / rows.local * d.k * d.n) +
                                       static_cast<double>(d.m * d.n))}});
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
