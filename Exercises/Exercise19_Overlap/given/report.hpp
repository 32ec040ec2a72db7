// Exercise 19: what the program (main.cpp) refuses on the host, and what it prints and reports of
// each part, so that main.cpp reads as the two parts.
#pragma once

#include <cstddef>
#include <string>

#include "hoc/common/check.hpp"
#include "hoc/common/report.hpp"
#include "overlap.hpp"

// Refuses (hoc::UsageError, exit status 2) what the host cannot hold at once: X, Y, the two parts'
// results, the reference's values and bounds (in double), and the pinned X and Y the pipeline copies
// from (host memory on any device); on a CPU device the slots too.
void requireHostArrays(const cl::Device& device, std::size_t n, const PipelineOptions& options);

// "Y = a X + Y, 1 round per element, N = ... in ... chunks of ..., ... slots on the device".
void printPipeline(std::size_t n, const PipelineOptions& options);

// A part's result: Y checked against the reference, and its rate in bytes over the bus (X and Y to
// the device, Y back) per second of the whole span. Recorded as "bus_bytes", not "bytes": the
// runner's roofline counts a kernel's global-memory traffic, which this is not.
void reportPart(hoc::Report& report, const std::string& name, const hoc::CheckResult& check, double seconds,
                std::size_t n);

// Part 2's dependencies as the timestamps show them (dependencyProblem), as a result.
void reportDependencies(hoc::Report& report, const PipelineResult& three, std::size_t slots);
