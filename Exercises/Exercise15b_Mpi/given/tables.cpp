#include "tables.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "hoc/common/errors.hpp"
#include "hoc/matmul/matmul.hpp"
#include "hoc/pi/reference.hpp"

namespace {

std::string number(const char* format, double value)
{
    char text[48];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string range(double first, double count)
{
    return count > 0 ? number("%.0f", first) + "-" + number("%.0f", first + count - 1) : "none";
}

}  // namespace

void addOptions(hoc::CommandLine& cli, SplitOptions& o)
{
    cli.sizeOption("-n,--steps", o.steps, "Part 1: integration steps for pi", std::size_t{1} << 40);
    cli.sizesOption("--dims", o.dims, "Part 2: matrix sizes, N (square) or M,N,K");
    cli.listOption("--devices", o.devices,
                   "Device of each rank of a machine: local rank i takes entry i (an index from --list, or "
                   "text in a platform or device name: the ranks taking it get its devices in turn); "
                   "the list repeats for more ranks. Default: every rank takes the usual device");
    cli.choice("--parts", o.parts, "Which parts to run: pi, matmul or both", {"pi", "matmul", "both"});
    cli.option("--runs", o.runs, "Part 1: timed kernel runs after one warm-up; the median is kept", 1, 1000);
}

std::string ranksText(int size) { return std::to_string(size) + (size == 1 ? " rank" : " ranks"); }

void requireSplittable(int ranks, const std::string& parts, const hoc::matmul::Dims& d)
{
    if (parts != "pi" && d.m < static_cast<std::size_t>(ranks))
        throw hoc::UsageError("--dims: M = " + std::to_string(d.m) + " rows of C for " + ranksText(ranks) +
                              ": every rank needs at least one row; give M >= " + std::to_string(ranks) +
                              " or start fewer ranks");
    if (std::max({d.m * d.k, d.k * d.n, d.m * d.n}) > static_cast<std::size_t>(INT_MAX))
        throw hoc::UsageError("--dims: " + d.text() +
                              " has matrices of more than INT_MAX elements, "
                              "which MPI's int counts cannot send in one message");
}

void reportPi(hoc::Report& report, int ranks, const PiOverRanks& r, std::uint64_t steps, std::set<std::string>& hosts)
{
    std::cout << "Part 1: pi, " << hoc::pi::stepsText(steps) << " in work-items of " << r.niters
              << (r.niters == 1 ? " step" : " steps") << ", shared equally\n";
    std::printf("  %-4s %-16s %23s %7s %13s %11s   %s\n", "rank", "host", "steps", "share", "part of pi", "kernel ms",
                "device");
    double slowest = 0;
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const RankRow& row = r.rows[i];
        hosts.insert(row.host);
        slowest = std::max(slowest, row.kernel_s);
        std::printf("  %-4zu %-16s %23s %6.1f%% %13.9f %11.3f   %s\n", i, row.host, range(row.first, row.count).c_str(),
                    100.0 * row.count / static_cast<double>(steps), row.part, row.kernel_s * 1e3, row.device);
    }
    const hoc::pi::Check check = hoc::pi::check(r.pi, steps, hoc::pi::kTarget, 12);
    hoc::Result result;
    result.name = "pi over " + ranksText(ranks);
    result.size = hoc::pi::stepsText(steps);
    result.correct = check.ok;
    result.detail = check.text;
    result.seconds = slowest;  // the ranks run at the same time: done when the slowest is
    result.rate = slowest > 0 ? static_cast<double>(steps) / slowest : 0;
    result.unit = "steps/s";
    // For the --json record (the MPI tests read it): pi itself and each rank's part of it.
    result.extra = {{"ranks", static_cast<double>(ranks)}, {"pi", r.pi}};
    for (std::size_t i = 0; i < r.rows.size(); ++i)
        result.extra.emplace_back("part_of_rank_" + std::to_string(i), r.rows[i].part);
    report.add(result);
}

void reportMatmul(hoc::Report& report, int ranks, const MatmulOverRanks& r, const std::vector<float>& a,
                  const std::vector<float>& b, const hoc::matmul::Dims& d, std::set<std::string>& hosts)
{
    std::cout << "Part 2: C = A * B, " << d.text() << ", rows of C in proportion to each rank's speed\n";
    std::printf("  %-4s %-16s %13s %7s %15s %11s %11s   %s\n", "rank", "host", "rows of C", "share", "speed (rows/s)",
                "kernel ms", "busy ms", "device");
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const RankRow& row = r.rows[i];
        hosts.insert(row.host);
        std::printf("  %-4zu %-16s %13s %6.1f%% %15.1f %11.3f %11.3f   %s\n", i, row.host,
                    range(row.first, row.count).c_str(), 100.0 * row.count / static_cast<double>(d.m), row.speed,
                    row.kernel_s * 1e3, row.busy_s * 1e3, row.device);
    }
    double sum = 0;
    for (const float x : r.c)
        sum += x;
    std::cout << "  sum of C: " << number("%.17g", sum) << "\n";
    // "devices": the ranks' devices together (script/run shows such a result on a row of its own);
    // "sum_of_c": the sum printed above, for the --json record (the MPI tests compare runs by it).
    report.flops("C = A * B over " + ranksText(ranks), d.text(), hoc::matmul::check(a, b, r.c, d), {0, r.wall_s},
                 d.flops(), {{"devices", static_cast<double>(ranks)}, {"sum_of_c", sum}});
}

void printHosts(const std::set<std::string>& hosts)
{
    std::string list;
    for (const auto& host : hosts)
        list += (list.empty() ? "" : ", ") + host;
    std::cout << "Hosts: " << list << "\n";
}
