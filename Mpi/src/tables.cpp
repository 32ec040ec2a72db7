// The command line, the checks every rank makes and rank 0's tables of a computation shared by MPI ranks.
#include "hoc/mpi/tables.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <iostream>

#include "hoc/common/errors.hpp"
#include "hoc/matmul/shares.hpp"
#include "hoc/pi/reference.hpp"
#include "hoc/pi/shares.hpp"

namespace hoc::mpi {

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

std::vector<std::size_t> splitRows(std::size_t m, const std::vector<double>& speeds)
{
    // One row each, then the rest in proportion: rank i's block ends at the rounded running total
    // (Exercise 15's rule), so the shares add up to m and each is within a row of its proportion.
    const std::size_t ranks = speeds.size();
    std::vector<std::size_t> rows(ranks, 1);
    const std::size_t rest = m - ranks;
    double total = 0, running = 0;
    for (const double s : speeds)
        total += s;
    std::size_t given = 0;
    for (std::size_t i = 0; i < ranks; ++i) {
        running += speeds[i];
        const auto end = i + 1 == ranks
                             ? rest
                             : static_cast<std::size_t>(std::llround(static_cast<double>(rest) * running / total));
        rows[i] += end - given;
        given = end;
    }
    return rows;
}

void reportPi(hoc::Report& report, int ranks, const PiOverRanks& r, std::uint64_t steps, std::set<std::string>& hosts)
{
    std::cout << "Part 1: pi, " << hoc::pi::stepsText(steps) << " in work-items of " << r.niters
              << (r.niters == 1 ? " step" : " steps") << ", shared equally\n";
    std::vector<hoc::pi::Share> shares;
    for (const RankRow& row : r.rows) {
        hosts.insert(row.host);
        shares.push_back({row.host, row.device, row.first, row.count, row.part, row.kernel_s});
    }
    hoc::pi::reportShares(report, "pi over " + ranksText(ranks), shares, r.pi, steps,
                          {{"ranks", static_cast<double>(ranks)}});
}

void reportMatmul(hoc::Report& report, int ranks, const MatmulOverRanks& r, const std::vector<float>& a,
                  const std::vector<float>& b, const hoc::matmul::Dims& d, std::set<std::string>& hosts)
{
    std::cout << "Part 2: C = A * B, " << d.text() << ", rows of C in proportion to each rank's speed\n";
    std::vector<hoc::matmul::RowShare> shares;
    for (const RankRow& row : r.rows) {
        hosts.insert(row.host);
        shares.push_back({row.host, row.device, row.first, row.count, row.speed, row.kernel_s, row.busy_s});
    }
    // "devices": the ranks' devices together (script/run shows such a result on a row of its own).
    hoc::matmul::reportRowShares(report, "C = A * B over " + ranksText(ranks), shares, a, b, r.c, d, r.wall_s,
                                 {{"devices", static_cast<double>(ranks)}});
}

void printHosts(const std::set<std::string>& hosts)
{
    std::string list;
    for (const auto& host : hosts)
        list += (list.empty() ? "" : ", ") + host;
    std::cout << "Hosts: " << list << "\n";
}

}  // namespace hoc::mpi
