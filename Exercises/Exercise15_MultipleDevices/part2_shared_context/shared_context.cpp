// Exercise 15, part 2: two devices sharing one context. One context holds both devices, each device
// gets its own queue, the program and the buffers are made once for the context, and device 1's
// kernel waits for device 0's through an event: the host never waits between the two.
#include "shared_context.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <thread>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/timing.hpp"

DevicePair pickPair(const cl::Device& device, const std::string& want)
{
    DevicePair pair;
    const std::string name = hoc::deviceLabel(device);

    // Another device of the same platform: a context can hold any devices of ONE platform.
    if (want == "auto" || want == "platform") {
        const cl::Platform platform(device.getInfo<CL_DEVICE_PLATFORM>());
        std::vector<cl::Device> all;
        platform.getDevices(CL_DEVICE_TYPE_ALL, &all);
        for (const auto& other : all)
            if (other() != device()) {
                pair.kind = PairKind::Platform;
                pair.devices[0] = device;
                pair.devices[1] = other;
                pair.how = "two devices of the platform " + platform.getInfo<CL_PLATFORM_NAME>();
                return pair;
            }
        if (want == "platform")
            throw hoc::UsageError("--pair platform: " + name + " is the only device of its platform");
    }

    // Two sub-devices of the device, with half of its compute units each.
    if (want == "auto" || want == "subdevices") {
        const cl_uint units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
        const cl_uint most = device.getInfo<CL_DEVICE_PARTITION_MAX_SUB_DEVICES>();
        const auto kinds = device.getInfo<CL_DEVICE_PARTITION_PROPERTIES>();
        const bool equally = std::find(kinds.begin(), kinds.end(), CL_DEVICE_PARTITION_EQUALLY) != kinds.end();
        std::string why;
        if (!equally || most < 2)
            why = "it cannot be partitioned equally (CL_DEVICE_PARTITION_PROPERTIES, "
                  "CL_DEVICE_PARTITION_MAX_SUB_DEVICES = " +
                  std::to_string(most) + ")";
        else if (units < 2)
            why = "it has " + std::to_string(units) + " compute unit";
        else {
            const cl_device_partition_property properties[] = {CL_DEVICE_PARTITION_EQUALLY,
                                                               static_cast<cl_device_partition_property>(units / 2), 0};
            std::vector<cl::Device> parts;
            try {
                cl::Device(device).createSubDevices(properties, &parts);  // (a non-const copy of the handle)
            } catch (const cl::Error& e) {
                why = "clCreateSubDevices failed with " + hoc::errorText(e.err());
            }
            if (parts.size() >= 2) {
                pair.kind = PairKind::SubDevices;
                pair.devices[0] = parts[0];
                pair.devices[1] = parts[1];
                pair.how = "two sub-devices of the chosen device (clCreateSubDevices, " + std::to_string(units / 2) +
                           (units / 2 == 1 ? " compute unit" : " compute units") + " each)";
                return pair;
            }
            if (why.empty())
                why = "clCreateSubDevices made " + std::to_string(parts.size()) + " sub-devices";
        }
        if (want == "subdevices")
            throw hoc::UsageError("--pair subdevices: " + name + " cannot be split in two: " + why);
    }

    // One device that cannot be split: two queues on it. Still one context, two queues and an event
    // between them, but the two kernels share the device.
    pair.kind = PairKind::OneDevice;
    pair.devices[0] = pair.devices[1] = device;
    pair.how = std::string("one device, two queues (") +
               (want == "queues" ? "--pair queues" : "no other device in its platform, and it cannot be partitioned") +
               "): device 0 and device 1 below are this device, fed by queue 0 and queue 1";
    return pair;
}

namespace {

using Square = cl::KernelFunctor<cl::Buffer, cl::Buffer, int>;
using NeighbourSum = cl::KernelFunctor<cl::Buffer, cl::Buffer, int>;

// One range for a kernel on a device: work-groups of up to 64, the global size rounded up to them.
struct Range {
    std::size_t local, global;
    Range(const cl::Kernel& kernel, const cl::Device& device, std::size_t n)
        : local(hoc::localSize(kernel, device, 64)), global(hoc::roundUp(n, local))
    {
    }
};

// Not the lesson. PoCL compiles a kernel for a device at its first launch, which would make a
// kernel slow to start in the run that is watched: each kernel runs once on its device first (the
// host waiting in between, so no event is needed). Then Y and Z are filled with NaN, so that a
// kernel that reads Y before device 0 has written it computes NaN, which the check cannot miss.
void warmUpAndPoison(cl::CommandQueue& queue0, cl::CommandQueue& queue1, Square& square, NeighbourSum& sum,
                     const Range& r0, const Range& r1, const cl::Buffer& x, const cl::Buffer& y, const cl::Buffer& z,
                     std::size_t n)
{
    const int count = static_cast<int>(n);
    square(cl::EnqueueArgs(queue0, cl::NDRange(r0.global), cl::NDRange(r0.local)), x, y, count);
    queue0.finish();
    sum(cl::EnqueueArgs(queue1, cl::NDRange(r1.global), cl::NDRange(r1.local)), y, z, count);
    queue1.finish();
    // (Written from the host rather than with enqueueFillBuffer: oclgrind 21.10 then reports every
    // value later read from Y as uninitialized, although square has written all of it by then.)
    const std::vector<float> nan(n, std::numeric_limits<float>::quiet_NaN());
    queue0.enqueueWriteBuffer(y, CL_TRUE, 0, sizeof(float) * n, nan.data());
    queue0.enqueueWriteBuffer(z, CL_TRUE, 0, sizeof(float) * n, nan.data());
}

// Not the lesson: the hold. With every command enqueued and both queues flushed, the host waits
// `hold_s` with the gate shut; a kernel not told to wait for device 0's runs now, and the statuses
// read at the end show it. Then the gate opens. (With no hold nothing is flushed before the gate
// opens: oclgrind runs a flushed queue to its end at once, and would wait for the gate for ever.)
// Returns a timer started as the gate opens.
hoc::Timer holdThenOpen(cl::UserEvent& gate, cl::CommandQueue& queue0, cl::CommandQueue& queue1,
                        const cl::Event& squared, const cl::Event& summed, double hold_s, ChainResult& result)
{
    if (hold_s > 0) {
        queue0.flush();
        queue1.flush();
        std::this_thread::sleep_for(std::chrono::duration<double>(hold_s));
        result.held = true;
        result.square_held = squared.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
        result.sum_held = summed.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
    }
    const hoc::Timer opened;
    gate.setStatus(CL_COMPLETE);
    queue0.flush();  // a queue whose event another queue waits for must be flushed, or it may never run
    queue1.flush();
    return opened;
}

}  // namespace

ChainResult squareThenSum(const DevicePair& pair, const std::vector<float>& h_x, const ChainOptions& options)
{
    const std::size_t n = h_x.size(), bytes = sizeof(float) * n;
    const int count = static_cast<int>(n);
    const cl::Device &device0 = pair.devices[0], &device1 = pair.devices[1];
    ChainResult result;
    result.y.resize(n);
    result.z.resize(n);

    // 1. Platform: ONE context that holds both devices, and a queue for each device (a queue feeds
    //    one device), both with profiling. Two queues on one device when the pair is one device.
    const std::vector<cl::Device> devices = pair.kind == PairKind::OneDevice
                                                ? std::vector<cl::Device>{device0}
                                                : std::vector<cl::Device>{device0, device1};
    cl::Context context(devices);
    cl::CommandQueue queue0(context, device0, CL_QUEUE_PROFILING_ENABLE);
    cl::CommandQueue queue1(context, device1, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: one program, built for every device of the context.
    cl::Program program = hoc::buildProgram(context, devices, "two_devices.cl");

    // 3. Memory: made once, in the context, not on a device. Both devices use the same Y: the runtime
    //    moves its contents to the device that needs them, once the commands' events allow it.
    cl::Buffer x(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(h_x.data()));
    cl::Buffer y(context, CL_MEM_READ_WRITE, bytes);
    cl::Buffer z(context, CL_MEM_WRITE_ONLY, bytes);

    // 4. Kernels: both from the one program, each sized for the device that runs it.
    Square square(program, "square");
    NeighbourSum sum(program, "neighbour_sum");
    const Range r0(square.getKernel(), device0, n), r1(sum.getKernel(), device1, n);
    warmUpAndPoison(queue0, queue1, square, sum, r0, r1, x, y, z, n);

    // 5. Commands. Device 0's kernel waits for a gate, a user event the host opens after the hold.
    //    Device 1's kernel reads Y, which device 0's kernel writes: it waits for that kernel's
    //    event. The read of Z follows it in device 1's in-order queue. The host waits once, at the end.
    cl::UserEvent gate(context);
    const std::vector<cl::Event> after_gate = {gate};
    const cl::Event squared = square(cl::EnqueueArgs(queue0, after_gate, cl::NDRange(r0.global), cl::NDRange(r0.local)),
                                     x, y, count);
    // TODO: neighbour_sum must not start before square has written all of Y. Give it a wait list, a
    //       std::vector<cl::Event> that holds `squared`, as cl::EnqueueArgs's second argument (before
    //       the ranges), as square's enqueue does with the gate.
    const cl::Event summed = sum(cl::EnqueueArgs(queue1, cl::NDRange(r1.global), cl::NDRange(r1.local)), y, z, count);
    cl::Event read;
    queue1.enqueueReadBuffer(z, CL_FALSE, 0, bytes, result.z.data(), nullptr, &read);

    const hoc::Timer opened = holdThenOpen(gate, queue0, queue1, squared, summed, options.hold_s, result);
    read.wait();  // the only wait: Z is on the host
    result.wall_s = opened.seconds();

    // What the events say: which device ran each kernel (CL_EVENT_COMMAND_QUEUE, then the queue's
    // device), and when, on that device's clock. Then Y as device 0 left it, for the check.
    result.square_device = squared.getInfo<CL_EVENT_COMMAND_QUEUE>().getInfo<CL_QUEUE_DEVICE>();
    result.sum_device = summed.getInfo<CL_EVENT_COMMAND_QUEUE>().getInfo<CL_QUEUE_DEVICE>();
    result.square = hoc::commandTimes("square", squared);
    result.sum = hoc::commandTimes("neighbour_sum", summed);
    queue0.enqueueReadBuffer(y, CL_TRUE, 0, bytes, result.y.data());
    return result;
}
