// Timers and rates: wall clock on the host, kernel time from profiling events, and the one way the
// course repeats a measurement and keeps its median.
#pragma once

#include <chrono>
#include <functional>
#include <utility>
#include <vector>

#include "hoc/common/opencl.hpp"

namespace hoc {

// Seconds between two points on the host's steady clock.
class Timer {
public:
    Timer() : start_(std::chrono::steady_clock::now()) {}
    void reset() { start_ = std::chrono::steady_clock::now(); }
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

private:
    std::chrono::steady_clock::time_point start_;
};

// Time a command spent executing on the device (CL_PROFILING_COMMAND_END - START), in seconds.
// The queue must have been created with CL_QUEUE_PROFILING_ENABLE.
double eventSeconds(const cl::Event& event);

// Seconds from the start of `first` to the end of `last` (several commands in one queue).
double eventSpanSeconds(const cl::Event& first, const cl::Event& last);

// How often a measurement is repeated: `warmups` runs are thrown away (first-launch costs, clocks
// ramping up, caches), then `runs` runs are timed and their median is kept.
struct Repeats {
    int warmups = 1;
    int runs = 5;
};

// The median of `values`: the middle one of an odd count, the mean of the two middle ones of an even
// count; 0 when empty. Every median the course prints is this one.
double median(std::vector<double> values);

// The first and the last event of the commands that make up one measured run.
using EventSpan = std::pair<cl::Event, cl::Event>;

// Calls `enqueue` repeats.warmups + repeats.runs times (at least one timed run); each call enqueues
// one run's commands and returns its first and last events (the same event twice for a single
// kernel). Returns the seconds of each timed run, from the first command's start to the last one's
// end (profiling events).
std::vector<double> runSeconds(const Repeats& repeats, const std::function<EventSpan()>& enqueue);

// median(runSeconds(repeats, enqueue)).
double medianSeconds(const Repeats& repeats, const std::function<EventSpan()>& enqueue);

// medianSeconds(repeats, enqueue) for a run the student is still writing, which may give no event yet
// (a null cl::Event): a marker on `queue` then stands in for the run, so that its work is waited for,
// and the time is 0.
double medianSecondsOrZero(const cl::CommandQueue& queue, const Repeats& repeats,
                           const std::function<EventSpan()>& enqueue);

// Where the time of the median run went, for a run of several commands (the passes of a reduction):
// of an even number of runs, the faster of the two middle ones. `runs` holds each run's events, warm-ups
// first; `spans` the timed runs' seconds (runSeconds), the last spans.size() of `runs`.
struct RunSplit {
    std::vector<double> commandSeconds;  // each command's device time (eventSeconds), in order
    double betweenSeconds = 0;           // the rest of the run's span: from one command's end to the next one's start
};
RunSplit splitMedianRun(const std::vector<double>& spans, const std::vector<std::vector<cl::Event>>& runs);

// For a tuner racing variants: medianSeconds(repeats, enqueue), except that a variant whose first
// timed run already takes more than three times `best` (the fastest median so far, 0 before the
// first) is not run again: that run's seconds are returned. `best` becomes the fastest so far.
double medianAgainstBest(const Repeats& repeats, const std::function<EventSpan()>& enqueue, double& best);

// What a solution measured. kernel_s is 0 when no profiling event was taken.
struct Timing {
    double kernel_s = 0;  // device time of the kernel(s), from events
    double wall_s = 0;    // host time around the commands (enqueue to results back on the host)
    double best() const { return kernel_s > 0 ? kernel_s : wall_s; }
};

inline double mflops(double flops, double seconds) { return seconds > 0 ? flops / seconds * 1e-6 : 0; }
inline double gbps(double bytes, double seconds) { return seconds > 0 ? bytes / seconds * 1e-9 : 0; }

}  // namespace hoc
