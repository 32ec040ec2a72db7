// Exercise 16b: what the driver (main.cpp) refuses before it runs and the table it prints after, so
// that main.cpp reads as the launches.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <vector>

#include "coarsening.hpp"

// Refuses (hoc::UsageError, exit status 2) n elements the device cannot hold two buffers of, or the
// host its input, the reference and the result read back (on a device in host memory its two
// buffers too).
void requireMemory(const cl::Device& device, std::size_t n);

// One launch: its coarsening factor (0: the plain kernel) and what it gave.
struct LaunchRow {
    std::size_t factor;
    ScaleResult r;
};

// The table: each launch's kernel, factor, work-items, work-groups, work-groups per compute unit,
// time, GB/s (`bytes` moved) and the plain kernel's time (the first row's) over its own.
void printTable(std::ostream& out, const cl::Device& device, const std::vector<LaunchRow>& rows, double bytes);
