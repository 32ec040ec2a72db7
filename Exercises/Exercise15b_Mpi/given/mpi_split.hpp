// Exercise 15b: one computation over several MPI ranks, each with its own OpenCL device; the
// results are combined with MPI. The lesson is in mpi_split.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "ranks.hpp"

struct PiOverRanks {
    double pi = 0;              // on rank 0: every rank's part added (MPI_Reduce); elsewhere 0
    std::vector<RankRow> rows;  // on rank 0: what each rank did
    std::uint64_t niters = 0;   // steps per work-item
};

// Part 1: pi = integral of 4 / (1 + x^2) from 0 to 1 with `steps` midpoint steps; the work-items are
// shared equally between the ranks, each rank computes its part on `device`, rank 0 adds the parts.
PiOverRanks piOverRanks(const Ranks& ranks, const cl::Device& device, std::uint64_t steps, hoc::Repeats repeats);

struct MatmulOverRanks {
    std::vector<float> c;       // on rank 0: C = A * B, gathered from every rank (MPI_Gatherv)
    std::vector<RankRow> rows;  // on rank 0: what each rank did
    double wall_s = 0;          // on rank 0: from scattering A to having all of C
};

// Part 2: C = A * B with the rows of C shared in proportion to each rank's measured speed. Rank 0
// holds A and B (a and b are empty elsewhere); B goes to every rank, each rank gets its rows of A
// (MPI_Scatterv) and sends back its rows of C (MPI_Gatherv).
MatmulOverRanks matmulOverRanks(const Ranks& ranks, const cl::Device& device, const std::vector<float>& a,
                                std::vector<float> b, hoc::matmul::Dims d);
