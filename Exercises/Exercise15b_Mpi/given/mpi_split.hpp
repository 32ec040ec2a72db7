// Exercise 15b: one computation over several MPI ranks, each with its own OpenCL device; the
// results are combined with MPI. The lesson is in mpi_split.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/mpi/ranks.hpp"   // who this rank is, `together`, each rank's row of the tables
#include "hoc/mpi/tables.hpp"  // what each part hands back on rank 0

using hoc::mpi::MatmulOverRanks;
using hoc::mpi::PiOverRanks;
using hoc::mpi::RankRow;
using hoc::mpi::Ranks;
using hoc::mpi::splitRows;  // rows per rank in proportion to their speeds

// Part 1: pi = integral of 4 / (1 + x^2) from 0 to 1 with `steps` midpoint steps; the work-items are
// shared equally between the ranks, each rank computes its part on `device`, rank 0 adds the parts.
PiOverRanks piOverRanks(const Ranks& ranks, const cl::Device& device, std::uint64_t steps, hoc::Repeats repeats);

// Part 2: C = A * B with the rows of C shared in proportion to each rank's measured speed. Rank 0
// holds A and B (a and b are empty elsewhere); B goes to every rank, each rank gets its rows of A
// (MPI_Scatterv) and sends back its rows of C (MPI_Gatherv).
MatmulOverRanks matmulOverRanks(const Ranks& ranks, const cl::Device& device, const std::vector<float>& a,
                                std::vector<float> b, hoc::matmul::Dims d);
