// Exercise 25: what the driver (main.cpp) refuses before it runs, how it checks and reports a run
// with its phases, and the tables it prints, so that main.cpp reads as the runs.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "amdahl.hpp"
#include "hoc/common/check.hpp"
#include "hoc/common/report.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/matmul/matmul_host.hpp"

// Refuses (hoc::UsageError, exit status 2) sizes the device or the host cannot hold. vadd and
// matmul run one after the other, each checked alone. vadd: A, B, C read back twice (from ordinary
// and from pinned host arrays), the reference and the three pinned host arrays (buffers too, so on
// the device as well); matmul: A, B, C, the reference and its bounds (requireMatrices); on a device
// in host memory the three buffers of each too.
void requireMemory(const cl::Device& device, std::size_t n, const hoc::matmul::Dims& d);

// The result's check, and the phases' own: one in-order queue runs the commands one after another,
// so the whole run lasts longer than 0 and at least as long as each phase.
hoc::CheckResult withPhases(hoc::CheckResult check, const Phases& t);

// A program's run, reported twice, "<name>, kernel alone" and "<name>, whole program", checked
// against the expected result and by withPhases, and kept in `rows` as the row `row` of the tables:
// vadd's rates in GB/s (3 floats moved per element, by the kernel and as many by the copies), matmul's
// in MFLOPS (2 M N K flops).
using PhaseRows = std::vector<std::pair<std::string, Phases>>;
void reportVadd(hoc::Report& report, PhaseRows& rows, const std::string& row, const std::string& name,
                const ProgramRun& run, const std::vector<float>& expected);
void reportMatmul(hoc::Report& report, PhaseRows& rows, const std::string& row, const std::string& name,
                  const ProgramRun& run, const hoc::matmul::Inputs& in, const hoc::matmul::Dims& d);

// The tables of the rows "vadd", "pinned", "matmul" and "blocked", in that order:
// - each program's phases (medians of `runs`), p = kernel / whole, and the whole-program speedup
//   Amdahl's law gives for a kernel 10 times and infinitely faster, and under them whether step 4's
//   prediction (worthAFasterKernel) names the program of the larger p in this run;
// - vadd's copies, p and whole run from ordinary host arrays against from pinned ones;
// - the law against a measurement: the blocked kernel takes 1/s of the element kernel's time (on a
//   GPU s > 1; on a CPU it may be less); with the element program's p, Amdahl's law predicts the
//   whole program's speedup, and the two programs' whole runs measure it. They agree as far as only
//   the kernel changed between the runs;
// - last, whether step 4's prediction is made (not the prediction, nor how it compares).
void printTables(std::ostream& out, const PhaseRows& rows, int runs, const hoc::matmul::Dims& d);
