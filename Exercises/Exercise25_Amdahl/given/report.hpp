// Exercise 25: what the driver (main.cpp) refuses before it runs, how it checks a run's phases, and
// the tables it prints, so that main.cpp reads as the three runs.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "amdahl.hpp"
#include "hoc/common/check.hpp"
#include "hoc/matmul/dims.hpp"

// Refuses (hoc::UsageError, exit status 2) sizes the device or the host cannot hold. vadd and
// matmul run one after the other, each checked alone. vadd: A, B, C read back twice (from ordinary
// and from pinned host arrays), the reference and the three pinned host arrays (buffers too, so on
// the device as well); matmul: A, B, C, the reference and its bounds (requireMatrices); on a device
// in host memory the three buffers of each too.
void requireMemory(const cl::Device& device, std::size_t n, const hoc::matmul::Dims& d);

// The result's check, and the phases' own: one in-order queue runs the commands one after another,
// so the whole run lasts longer than 0 and at least as long as each phase.
hoc::CheckResult withPhases(hoc::CheckResult check, const Phases& t);

// Each program's phases (medians of `runs`), p = kernel / whole, and the whole-program speedup
// Amdahl's law gives for a kernel 10 times and infinitely faster.
void printPhases(std::ostream& out, const std::vector<std::pair<std::string, Phases>>& rows, long runs);

// vadd's copies, p and whole run from ordinary host arrays against from pinned ones.
void printPinnedAgainstPageable(std::ostream& out, const Phases& pageable, const Phases& pinned);

// The law against a measurement: the blocked kernel takes 1/s of the element kernel's time (on a
// GPU s > 1; on a CPU it may be less); with the element program's p, Amdahl's law predicts the
// whole program's speedup, and the two programs' whole runs measure it. They agree as far as only
// the kernel changed between the runs.
void printLawAgainstMeasurement(std::ostream& out, const Phases& element, const Phases& blocked,
                                const hoc::matmul::Dims& d);
