// Exercise 14: events between commands, between queues, between the host and the device, and
// inside a kernel.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/measure/command_times.hpp"  // hoc::commandTimes, and timeline.hpp

// Part 1. A user event holds the produce kernel back for `hold_s` seconds.
struct GateResult {
    std::vector<float> y;              // produce(x), once released
    cl_int status_held = CL_COMPLETE;  // the kernel's status at the end of the hold
    double held_s = 0;                 // how long the host held it (host timer)
    std::vector<float> y_held;         // Y read through a second queue at the end of the hold
    hoc::CommandTimes look;            // that read's timestamps: it ended before the release
    hoc::CommandTimes kernel;          // the kernel's: it cannot start before the release
};
GateResult holdWithUserEvent(const cl::Device& device, const std::vector<float>& x, int rounds, double hold_s);

// Part 2. C = produce(X) + produce(Y): the add kernel waits for the events of both producers,
// in an out-of-order queue where the device has them. The producers are held back for `hold_s`.
struct JoinResult {
    std::vector<float> c;
    bool out_of_order = false;               // whether the queue was out-of-order
    std::string note;                        // why not, when it was not
    std::vector<hoc::CommandTimes> kernels;  // "produce A", "produce B", "add"
};
JoinResult joinTwoKernels(const cl::Device& device, const std::vector<float>& x, const std::vector<float>& y,
                          int rounds, double hold_s);

// Part 3. Two in-order queues: A = produce(X) in queue 1, C = A + Y in queue 2, linked by a marker
// in queue 1 and a barrier in queue 2. Queue 1's producer is held back for `hold_s`.
struct TwoQueuesResult {
    std::vector<float> c;                    // produce(X) + Y
    std::vector<hoc::CommandTimes> kernels;  // "produce A (queue 1)", "add (queue 2)"
};
TwoQueuesResult linkTwoQueues(const cl::Device& device, const std::vector<float>& x, const std::vector<float>& y,
                              int rounds, double hold_s);

// Part 4. C = A * B, one work-item per row of C; each work-group copies a column of B at a time
// into local memory with async_work_group_strided_copy and wait_group_events (Kernels/events_async_copy.cl).
struct RowResult {
    std::vector<float> c;
    double kernel_s = 0;
    std::size_t local = 0;  // the work-group size used
};
// `local` is the work-group size. Throws hoc::Failure naming the limit if the kernel cannot use that
// many work-items, or if a column of B (K floats) does not fit in the device's local memory.
RowResult matmulRowsAsyncCopy(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                              hoc::matmul::Dims d, std::size_t local);

// The produce kernel on the host, for checking: x plus an offset that takes `rounds` steps of a
// linear congruential generator, seeded with the bits of x.
inline std::vector<float> produceOnHost(const std::vector<float>& x, int rounds)
{
    std::vector<float> y(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        std::uint32_t v;
        std::memcpy(&v, &x[i], sizeof v);
        for (int r = 0; r < rounds; ++r)
            v = v * 1664525u + 1013904223u;
        y[i] = x[i] + static_cast<float>(v >> 8) * (1.0f / 16777216.0f);
    }
    return y;
}
