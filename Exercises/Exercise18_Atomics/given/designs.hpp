// Exercise 18: how the program (main.cpp) runs, checks and reports each design, so that main.cpp
// reads as the run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "hoc/common/report.hpp"
#include "histogram.hpp"

// Refuses (hoc::UsageError, exit status 2) n bytes the device cannot hold, or the host (the bytes,
// and on a CPU device their buffer).
void requireMemory(const cl::Device& device, std::size_t n);

// A design whose bins do not depend on the order of work-groups: in one launch, timed (`options`
// with their repeats), then (unless `oneLaunchOnly`) one group at a time, last first: the same bins.
void runCorrectDesign(hoc::Report& report, Histogram& histogram, HistogramKernel kernel,
                      const std::vector<std::uint8_t>& data, const std::vector<std::uint64_t>& expected,
                      const HistogramOptions& options, bool oneLaunchOnly);

// Step 3, wrong on purpose: right when the last group happens to run last (groups in order), wrong
// otherwise (last first). The row of the reversed run is correct when it shows the bug.
void runOrderDependentDesign(hoc::Report& report, Histogram& histogram, HistogramKernel kernel,
                             const std::vector<std::uint8_t>& data, const std::vector<std::uint64_t>& expected,
                             const HistogramOptions& options);
