// One computation shared by MPI ranks (Exercise 15b): its command line, what the program checks before
// any rank waits for another, what each part hands back on rank 0, and what rank 0 prints and reports
// of it, so that the room's main.cpp reads as the run and its mpi_split.cpp as the collectives.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc/common/report.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/mpi/ranks.hpp"

namespace hoc::mpi {

// The command line (the same on every rank).
struct SplitOptions {
    std::size_t steps = std::size_t{1} << 24;  // part 1
    std::vector<std::size_t> dims = {256};     // part 2: N, or M,N,K
    std::vector<std::string> devices;          // the device of each local rank (rankDevice)
    std::string parts = "both";                // pi, matmul or both
    long runs = 3;                             // part 1's timed kernel runs
};
void addOptions(hoc::CommandLine& cli, SplitOptions& o);

// "1 rank", "4 ranks".
std::string ranksText(int size);

// Refuses (hoc::UsageError, exit status 2) a matmul (`parts` other than "pi") that cannot be split
// over `ranks` ranks: fewer rows of C than ranks, or a matrix of more than INT_MAX elements (MPI's
// int counts cannot send it in one message).
void requireSplittable(int ranks, const std::string& parts, const hoc::matmul::Dims& d);

// Rows per rank in proportion to `speeds`, at least one each, adding up to exactly m (m >= the number
// of ranks): one row each, then the rest in proportion, Exercise 15's rule.
std::vector<std::size_t> splitRows(std::size_t m, const std::vector<double>& speeds);

// Part 1's result: pi over the ranks.
struct PiOverRanks {
    double pi = 0;              // on rank 0: every rank's part added (MPI_Reduce); elsewhere 0
    std::vector<RankRow> rows;  // on rank 0: what each rank did
    std::uint64_t niters = 0;   // steps per work-item
};

// Part 2's result: C = A * B over the ranks.
struct MatmulOverRanks {
    std::vector<float> c;       // on rank 0: C = A * B, gathered from every rank (MPI_Gatherv)
    std::vector<RankRow> rows;  // on rank 0: what each rank did
    double wall_s = 0;          // on rank 0: from scattering A to having all of C
};

// Part 1 on rank 0: the table of the ranks' shares and pi checked against the exact midpoint-rule
// value (hoc::pi::reportShares, hoc/pi/shares.hpp); each rank's host goes into `hosts`.
void reportPi(hoc::Report& report, int ranks, const PiOverRanks& r, std::uint64_t steps, std::set<std::string>& hosts);

// Part 2 on rank 0: the table of the ranks' rows of C, the sum of C and C checked against A * B
// (hoc::matmul::reportRowShares, hoc/matmul/shares.hpp, which says why the sum).
void reportMatmul(hoc::Report& report, int ranks, const MatmulOverRanks& r, const std::vector<float>& a,
                  const std::vector<float>& b, const hoc::matmul::Dims& d, std::set<std::string>& hosts);

// "Hosts: a, b".
void printHosts(const std::set<std::string>& hosts);

}  // namespace hoc::mpi
