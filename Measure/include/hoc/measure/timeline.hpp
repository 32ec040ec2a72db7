// The four profiling timestamps of a command (reading them from an event is Exercise 11's lesson:
// hoc::commandTimes, hoc/measure/command_times.hpp, a library of its own), and a table that lays several commands out
// as a timeline (used by the profiling, memory-object, events and overlap exercises: 11, 12, 14 and 19), how much of
// the copies' time ran under kernels (Exercise 19) and a program's run in phases (Exercise 25).
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"

namespace hoc {

// Device times in nanoseconds, as clGetEventProfilingInfo gives them.
struct CommandTimes {
    std::string name;
    cl_ulong queued = 0;  // CL_PROFILING_COMMAND_QUEUED: the host put the command in the queue
    cl_ulong submit = 0;  // CL_PROFILING_COMMAND_SUBMIT: the queue handed it to the device
    cl_ulong start = 0;   // CL_PROFILING_COMMAND_START: the device began to execute it
    cl_ulong end = 0;     // CL_PROFILING_COMMAND_END: the device finished it

    double waitingSeconds() const { return static_cast<double>(submit - queued) * 1e-9; }
    double launchSeconds() const { return static_cast<double>(start - submit) * 1e-9; }
    double runSeconds() const { return static_cast<double>(end - start) * 1e-9; }
};

// "CL_QUEUED", "CL_SUBMITTED", "CL_RUNNING", "CL_COMPLETE", or the error's name for a negative status:
// a command's CL_EVENT_COMMAND_EXECUTION_STATUS as text.
std::string eventStatusName(cl_int status);

// One row per command, times in microseconds from the earliest QUEUED, then the three intervals:
//   command   queued  submitted  started  ended | waiting  launch  running
std::string timelineTable(const std::vector<CommandTimes>& commands);

// Checks QUEUED <= SUBMIT <= START <= END for every command, that none is zero (no timestamps read),
// and, for commands of one in-order queue listed in enqueue order, that each starts after the
// previous one ended.
CheckResult checkTimeline(const std::vector<CommandTimes>& commands, bool inOrderQueue);

// What the profiling timestamps say about copies overlapping kernels, all on the device's one clock.
struct Overlap {
    double span_s = 0;    // from the first command's START to the last one's END
    double copy_s = 0;    // the copies' run times, added up
    double kernel_s = 0;  // the kernels' run times, added up
    double hidden_s = 0;  // the part of the copies' run time during which some kernel was running
    double hiddenFraction() const { return copy_s > 0 ? hidden_s / copy_s : 0; }
};
// From the copies' and the kernels' timestamps (kernels that overlap each other count once).
Overlap measureOverlap(const std::vector<CommandTimes>& copies, const std::vector<CommandTimes>& kernels);

// A program's run in phases (Exercise 25): the device's time for its writes, its kernel, its reads and
// the whole run from the first write's start to the last read's end, in seconds.
struct PhaseRow {
    std::string name;  // the table's row: "vadd", "pinned", "matmul", "blocked"
    double write = 0, kernel = 0, read = 0, whole = 0;
};

// The result's check, and the phases' own: one in-order queue runs the commands one after another,
// so the whole run lasts longer than 0 and at least as long as each phase. Where they do not, the
// message names what gave the times (`times`) and ends with `hint`, in parentheses.
CheckResult withPhases(CheckResult check, const PhaseRow& t, const std::string& times, const std::string& hint);

// Each program's phases (medians of `runs`), p = kernel / whole, and the whole-program speedup that
// `speedup(p, s)` (Amdahl's law) gives for a kernel 10 times and infinitely faster.
void printPhases(std::ostream& out, const std::vector<PhaseRow>& rows, int runs,
                 const std::function<double(double, double)>& speedup);

// The same program's copies, p and whole run from ordinary (pageable) host arrays against pinned ones.
void printPinnedAgainstPageable(std::ostream& out, const PhaseRow& pageable, const PhaseRow& pinned);

// The law against a measurement: `faster` runs a kernel s times faster than `base` (s from their
// kernels); with base's p, speedup(p, s) predicts the whole program's speedup, and the two whole runs
// measure it. `what` names the faster program, `ratio` the kernels whose times give s.
void printLawAgainstMeasurement(std::ostream& out, const std::string& what, const std::string& ratio,
                                const PhaseRow& base, const PhaseRow& faster,
                                const std::function<double(double, double)>& speedup);

}  // namespace hoc
