// Timers and rates: wall clock on the host, kernel time from profiling events.
#pragma once

#include <chrono>

#include "hoc/opencl.hpp"

namespace hoc {

// Seconds between two points on the host's steady clock.
class Timer {
public:
    Timer() : start_(std::chrono::steady_clock::now()) {}
    void reset() { start_ = std::chrono::steady_clock::now(); }
    double seconds() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    std::chrono::steady_clock::time_point start_;
};

// Time a command spent executing on the device (CL_PROFILING_COMMAND_END - START), in seconds.
// The queue must have been created with CL_QUEUE_PROFILING_ENABLE.
double eventSeconds(const cl::Event& event);

// Seconds from the start of `first` to the end of `last` (several commands in one queue).
double eventSpanSeconds(const cl::Event& first, const cl::Event& last);

// What a solution measured. kernel_s is 0 when no profiling event was taken.
struct Timing {
    double kernel_s = 0;  // device time of the kernel(s), from events
    double wall_s = 0;    // host time around the commands (enqueue to results back on the host)
    double best() const { return kernel_s > 0 ? kernel_s : wall_s; }
};

inline double mflops(double flops, double seconds) { return seconds > 0 ? flops / seconds * 1e-6 : 0; }
inline double gbps(double bytes, double seconds) { return seconds > 0 ? bytes / seconds * 1e-9 : 0; }

}  // namespace hoc
