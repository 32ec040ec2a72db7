// Exercise 14: what the program refuses before it starts, and what it prints and reports of each
// part's result, so that main.cpp reads as the four parts; and its command line.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "events.hpp"
#include "hoc/common/report.hpp"
#include "hoc/matmul/dims.hpp"

// The command line: the sizes, the produce kernel's work, the hold and the parts to run.
struct Options {
    std::size_t n = 1 << 18;                                // --size: vector length for parts 1-3
    int rounds = 50;                                        // --rounds: work per element of produce
    int holdMs = 50;                                        // --hold: the host's hold of its user event
    std::vector<std::size_t> dims = {256};                  // --dims: part 4's matrices
    std::size_t local = 64;                                 // --local: part 4's work-group size
    std::vector<std::string> parts = {"1", "2", "3", "4"};  // --parts: those to run

    void add(hoc::CommandLine& cli);  // the options above, on `cli`
    bool part(const char* number) const;
    double holdSeconds() const { return holdMs * 1e-3; }
};

// Refuses (hoc::UsageError, exit status 2), before any input is made, sizes the device or the host
// cannot hold: five buffers of n floats; on the host X, Y, their produced copies and the expected
// sums (about 6 vectors of n floats); with part 4 (`matmul`) A, B and C on both and the check's reference.
void requireMemory(const cl::Device& device, std::size_t n, bool matmul, const hoc::matmul::Dims& d);

// Part 1: the kernel's timeline and hold, whether it waited for the user event, and Y (against `px`,
// produce(X) on the host).
void reportGate(hoc::Report& report, const GateResult& gate, const std::vector<float>& px, const std::string& size);

// Part 2: the queue, the timeline, whether the add waited for both producers, and C.
void reportJoin(hoc::Report& report, const JoinResult& join, const std::vector<float>& expected,
                const std::string& size);

// Part 3: the timeline, whether queue 2's add waited for queue 1, and C.
void reportLink(hoc::Report& report, const TwoQueuesResult& link, const std::vector<float>& expected,
                const std::string& size);

// Part 4: C checked against A * B, with its rate and the global memory the kernel moves as written.
void reportRows(hoc::Report& report, const RowResult& rows, const std::vector<float>& a, const std::vector<float>& b,
                const hoc::matmul::Dims& d);
