// The four profiling timestamps of a command (reading them from an event is Exercise 11's lesson:
// hoc::commandTimes, hoc/measure/command_times.hpp, a library of its own), and a table that lays
// several commands out as a timeline (used by the profiling, memory-object, events and overlap
// exercises: 11, 12, 14 and 19), how much of the copies' time ran under kernels (Exercise 19) and a
// program's run in phases (Exercise 25).
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

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

// Whether `later` started only after every one of `earlier` had ended (on the device's clock), as the
// report's result `name`: "'add' started after 'produce A' ended and BEFORE 'produce B' ended".
Result startedAfter(const std::string& name, const CommandTimes& later, const std::vector<CommandTimes>& earlier);

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

// One input of a whole program's run: the device buffer and the host array it is written from.
struct HostInput {
    cl::Buffer device;
    const float* host;
    std::size_t count;
};

// The commands of one run of a whole program, each with its profiling timestamps, in enqueue order.
struct ProgramCommands {
    std::vector<CommandTimes> writes;
    CommandTimes kernel;
    std::vector<CommandTimes> reads;
};

// A whole program run `repeats` times (warm-ups, then the timed runs) on one in-order queue that
// profiles: the inputs written (non-blocking), `kernel` run over `global` in work-groups of `local`,
// `count` floats of `result` read into `out` (non-blocking), all of it waited for. The timed runs'
// commands (Exercise 25 hands them to its phasesOf).
std::vector<ProgramCommands> timeProgram(const cl::CommandQueue& queue, const std::vector<HostInput>& inputs,
                                         const cl::Kernel& kernel, const cl::NDRange& global, const cl::NDRange& local,
                                         const cl::Buffer& result, float* out, std::size_t count,
                                         const Repeats& repeats);

// Exercise 25's two programs run whole by timeProgram, with buffers made once for all the runs:
// `vadd`(A, B, C, int n) over n floats from the host arrays a and b into c, in work-groups of up to
// 256; and a matmul `kernel`(int M, int N, int K, A, B, C), C (M x N) = A (M x K) B (K x N), in
// work-groups of side x side (more than the kernel may have: hoc::Failure).
std::vector<ProgramCommands> timeVadd(const cl::CommandQueue& queue, const cl::Kernel& vadd, const float* a,
                                      const float* b, float* c, std::size_t n, const Repeats& repeats);
std::vector<ProgramCommands> timeMatmul(const cl::CommandQueue& queue, const cl::Kernel& kernel,
                                        const std::vector<float>& a, const std::vector<float>& b, float* c,
                                        std::size_t m, std::size_t n, std::size_t k, std::size_t side,
                                        const Repeats& repeats);

// Each timed run's phases by `phasesOf` (Exercise 25's lesson: writes, kernel and reads to Phases).
template <class Phases, class PhasesOf>
std::vector<Phases> phasesOfRuns(const std::vector<ProgramCommands>& runs, PhasesOf phasesOf)
{
    std::vector<Phases> phases;
    for (const ProgramCommands& c : runs)
        phases.push_back(phasesOf(c.writes, c.kernel, c.reads));
    return phases;
}

// Refused (exit status 2) where the device cannot hold timeVadd's 3 buffers and the room's 3 pinned
// host arrays of n floats, or the host A, B, C read back twice, the reference and those 3 arrays (on
// a device in host memory the buffers too).
void requireWholeVadd(const cl::Device& device, std::size_t n);

// The median of one field (e.g. &Phases::write) over several runs.
template <class Run> double medianOf(const std::vector<Run>& runs, double Run::* field)
{
    std::vector<double> values;
    for (const Run& run : runs)
        values.push_back(run.*field);
    return median(values);
}

// One run's row of the phases' tables (`row.name`: "vadd", "pinned", "matmul", "blocked"), kept in
// `rows`, and its report: the kernel alone and the whole program, under `name`, each with `check`
// and the phases' own check (withPhases); their rate in bytes moved or, where `flops` is not 0, flops.
void reportWholeRun(Report& report, std::vector<PhaseRow>& rows, const PhaseRow& row, const std::string& name,
                    const std::string& size, const CheckResult& check, double bytes, double flops);

// Under the tables (printPhases): step 4's prediction (`prediction`, the program whose kernel is the
// larger part p: "vadd" or "matmul"; "" not made yet) against this run's p, the pinned row against
// the pageable one, the blocked kernel's program against the element kernel's (`blocked` names it),
// and a last line saying whether a prediction is made.
void printAmdahlSummary(std::ostream& out, const std::vector<PhaseRow>& rows, const std::string& prediction,
                        const std::string& blocked, const std::function<double(double, double)>& speedup);

}  // namespace hoc
