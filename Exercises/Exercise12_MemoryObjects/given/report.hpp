// Exercise 12: what the program (main.cpp) refuses before it runs, and what it prints and reports of
// the runs, so that main.cpp reads as its three parts.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/report.hpp"
#include "memory_objects.hpp"

// Refuses (hoc::UsageError, exit status 2) n floats the device cannot hold three buffers of, or the
// host all it holds at once: A, B, the reference, C of each of the three flags, and during the later
// runs a fourth C, the short-lived vector and the two copies the device sent back (and on a CPU
// device the three buffers).
void requireMemory(const cl::Device& device, std::size_t n);

// The flags of --flags ("copy", "use", "alloc"), in their order.
std::vector<HostMemory> hostMemories(const std::vector<std::string>& flags);

// Each flag's C checked and reported with the rate of the whole round trip, buffers to results, as a
// user of the answer sees it; then the table of its phases in milliseconds (hoc::reportRoundTrips).
void reportFlags(hoc::Report& report, const std::vector<FlagRun>& results, const std::vector<float>& expected,
                 int runs);

// What the device got from a vector that died too early: the poison, A, or a mix.
void printTooEarly(const LifetimeRun& early, const std::vector<float>& a);
