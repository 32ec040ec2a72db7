// Exercise 15, part 2: two devices in ONE context. Device 0 computes Y = X * X, device 1 then
// Z[i] = Y[i] + Y[i + 1]; the buffers belong to the context, so both devices use them, and device
// 1's kernel waits for device 0's kernel through that kernel's event, with no host wait between.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/measure/command_times.hpp"  // hoc::commandTimes, and timeline.hpp

// Where the two devices come from.
enum class PairKind {
    Platform,    // two devices of one platform (e.g. two GPUs; PoCL with POCL_DEVICES="pthread pthread")
    SubDevices,  // two sub-devices of one device (clCreateSubDevices, CL_DEVICE_PARTITION_EQUALLY)
    OneDevice,   // a single device that cannot be split: two queues on it
};

struct DevicePair {
    PairKind kind = PairKind::OneDevice;
    cl::Device devices[2];  // device 0 runs the first kernel, device 1 the second (the same device for OneDevice)
    std::string how;        // in words, e.g. "two sub-devices of pthread-... (clCreateSubDevices)"
};

// The two devices for the chosen `device`. `want` is "auto" (the first that works of: another
// device of its platform, two sub-devices, two queues on the device), or "platform", "subdevices",
// "queues" for that case only (hoc::UsageError when it is impossible, saying why).
DevicePair pickPair(const cl::Device& device, const std::string& want);

struct ChainOptions {
    double hold_s = 0.02;  // how long the host holds device 0's kernel back, with both queues flushed (0: not at all)
};

// What one run did.
struct ChainResult {
    std::vector<float> y;                  // Y = X * X, read back from the shared buffer
    std::vector<float> z;                  // Z[i] = Y[i] + Y[(i + 1) mod N]
    bool held = false;                     // whether the hold was done (options.hold_s > 0)
    cl_int square_held = CL_COMPLETE;      // CL_EVENT_COMMAND_EXECUTION_STATUS of each kernel at the end
    cl_int sum_held = CL_COMPLETE;         //   of the hold (device 0's is held back by the gate)
    cl::Device square_device, sum_device;  // the device of each kernel's queue, from its event (CL_EVENT_COMMAND_QUEUE)
    hoc::CommandTimes square, sum;         // profiling timestamps, each on its own device's clock
    double wall_s = 0;                     // host time from opening the gate to Z on the host
};

// Steps 1 to 5 on the pair: one context over both devices, a queue on each, one program built for
// both, X, Y and Z made once in the context; `square` on device 0, then `neighbour_sum` on device 1,
// ordered only by square's event in neighbour_sum's wait list.
ChainResult squareThenSum(const DevicePair& pair, const std::vector<float>& x, const ChainOptions& options);

// ---- shared_context_check.cpp: the serial reference and what checks a run (not the lesson) ----

// The serial reference: Y = X * X and Z[i] = Y[i] + Y[(i + 1) mod N], in float, as the kernels do
// them (one exactly rounded operation per element each, so the device must match every bit).
struct ChainReference {
    std::vector<float> y, z;
};
ChainReference chainReference(const std::vector<float>& x);

// Empty when the run shows that device 1's kernel waited for device 0's: at the end of the hold
// neither kernel had started (device 0's was held back by the gate, device 1's by the event), and
// where both ran on one device (one clock), device 1's kernel started after device 0's ended. Else
// what went wrong, in words, with the TODO that fixes it.
std::string orderProblem(const DevicePair& pair, const ChainResult& result);

// Whether both kernels' timestamps come from one clock: only when the pair is one device. A
// profiling timestamp (CL_PROFILING_COMMAND_*) is its own device's time counter, and nothing makes
// two devices count from the same zero.
bool sameClock(const DevicePair& pair);

// Stops with a clear message (naming the device's limit) when three buffers of n floats cannot
// exist on both devices, or n is more than the kernels count (INT_MAX).
void requireChainMemory(const DevicePair& pair, std::size_t n);
