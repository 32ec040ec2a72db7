// Exercise 16b: the table the driver (main.cpp) prints after the launches.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <vector>

#include "coarsening.hpp"

// One launch: its coarsening factor (0: the plain kernel) and what it gave.
struct LaunchRow {
    std::size_t factor;
    ScaleResult r;
};

// The table: each launch's kernel, factor, work-items, work-groups, work-groups per compute unit,
// time, GB/s (`bytes` moved) and the plain kernel's time (the first row's) over its own.
void printTable(std::ostream& out, const cl::Device& device, const std::vector<LaunchRow>& rows, double bytes);

// Step 5's prediction (stepFivePrediction) against the student's own launchFor on the H100's 132
// compute units: agrees or not, never the answer itself.
void printPrediction(std::ostream& out);
