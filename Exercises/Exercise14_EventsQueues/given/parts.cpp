#include "parts.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/matmul/matmul.hpp"
#include "hoc/matmul/matmul_host.hpp"

void Options::add(hoc::CommandLine& cli)
{
    cli.sizeOption("-n,--size", n, "Vector length for parts 1-3", INT_MAX);
    cli.option("--rounds", rounds, "Work per element of the produce kernel", 0, 1000000);
    cli.option("--hold", holdMs, "How long the host holds its user event, in milliseconds", 0, 60000);
    cli.sizesOption("--dims", dims, "Matrix sizes for part 4: N (square) or M,N,K");
    cli.sizeOption("--local", local, "Work-group size for part 4", 1 << 20);
    cli.listOption("--parts", parts, "Parts to run (default: all)", {"1", "2", "3", "4"});
}

bool Options::part(const char* number) const { return std::find(parts.begin(), parts.end(), number) != parts.end(); }

void requireMemory(const cl::Device& device, std::size_t n, bool matmul, const hoc::matmul::Dims& d)
{
    if (matmul) {
        hoc::requireBuffers(device, sizeof(float) * static_cast<double>(std::max({d.m * d.k, d.k * d.n, d.m * d.n})), 3,
                            d.text());
        hoc::matmul::requireHostMemory(device, d, "--dims " + d.text());
    }
    hoc::requireBuffers(device, n * sizeof(float), 5, "N = " + std::to_string(n));
    // Six vectors of N on the host, with the five buffers where the device's memory is the host's.
    const double vector = sizeof(float) * static_cast<double>(n);
    hoc::requireHostMemory(hoc::hostBytes(device, 6 * vector, 5 * vector), "N = " + std::to_string(n));
}

void reportGate(hoc::Report& report, const GateResult& gate, const std::vector<float>& px, const std::string& size)
{
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
    const hoc::CheckResult check = hoc::compare(px, gate.y);
    report.add({"Y = produce(X) once released", size, check.ok, check.message(), 0, 0, "", {}});
}

void reportJoin(hoc::Report& report, const JoinResult& join, const std::vector<float>& expected,
                const std::string& size)
{
    std::cout << (join.out_of_order ? "  out-of-order queue\n" : "  note: " + join.note + "\n");
    std::cout << hoc::timelineTable(join.kernels);
    if (join.kernels.size() == 3)
        report.add(
            hoc::startedAfter("add waited for both producers", join.kernels[2], {join.kernels[0], join.kernels[1]}));
    const hoc::CheckResult check = hoc::compare(expected, join.c);
    report.add({"C = produce(X) + produce(Y)", size, check.ok, check.message(), 0, 0, "", {}});
}

void reportLink(hoc::Report& report, const TwoQueuesResult& link, const std::vector<float>& expected,
                const std::string& size)
{
    std::cout << hoc::timelineTable(link.kernels);
    if (link.kernels.size() == 2)
        report.add(hoc::startedAfter("queue 2's add waited for queue 1", link.kernels[1], {link.kernels[0]}));
    const hoc::CheckResult check = hoc::compare(expected, link.c);
    report.add({"C = produce(X) + Y over two queues", size, check.ok, check.message(), 0, 0, "", {}});
}

void reportRows(hoc::Report& report, const RowResult& rows, const std::vector<float>& a, const std::vector<float>& b,
                const hoc::matmul::Dims& d)
{
    report.flops("C = A * B, async_work_group_strided_copy, work-groups of " + std::to_string(rows.local), d.text(),
                 hoc::matmul::check(a, b, rows.c, d), {rows.kernel_s, 0}, d.flops(),
                 // as written: a row of A per element of C, each column of B once per work-group, C once
                 {{"bytes", 4.0 * (static_cast<double>(d.m * d.n) * d.k +
                                   static_cast<double>((d.m + rows.local - 1) / rows.local * d.k * d.n) +
                                   static_cast<double>(d.m * d.n))}});
}
