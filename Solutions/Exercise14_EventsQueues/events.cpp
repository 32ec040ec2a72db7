// Exercise 14: events. A user event lets the host hold commands back; the events of two kernels
// make a third wait for both in an out-of-order queue; a marker and a barrier link two queues;
// and inside a kernel, an asynchronous copy returns an event to wait for.
#include "events.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

#include "hoc/common/device.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/timing.hpp"

namespace {

using Produce = cl::KernelFunctor<cl::Buffer, cl::Buffer, int, int>;
using Add = cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int>;

// The host does nothing for `seconds`, while the device runs whatever is free to run.
double holdFor(double seconds)
{
    const hoc::Timer timer;
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    return timer.seconds();
}

// Runs each kernel once and waits: an OpenCL implementation may compile a kernel for the device at
// its first launch (PoCL does), which would blur the timing these examples want to show.
// `scratch` is a buffer of `count` floats whose contents do not matter.
void warmUp(cl::CommandQueue& queue, Produce& produce, Add* add, const cl::EnqueueArgs& range, const cl::Buffer& x,
            const cl::Buffer& scratch, int count)
{
    produce(range, x, scratch, 0, count).wait();
    if (add)
        (*add)(range, x, x, scratch, count).wait();
    queue.finish();
}

cl::Buffer inputBuffer(const cl::Context& context, const std::vector<float>& h)
{
    // (COPY_HOST_PTR only reads the host array.)
    return cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * h.size(),
                      const_cast<float*>(h.data()));
}

// A buffer of n zeros.
cl::Buffer zerosBuffer(const cl::Context& context, std::size_t n)
{
    std::vector<float> zeros(n, 0.0f);
    return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(float) * n, zeros.data());
}

// Steps 2 and 4 of parts 2 and 3: the program, both kernels, one range for n elements.
struct ProduceAndAdd {
    cl::Program program;
    Produce produce;
    Add add;
    std::size_t local;
    cl::NDRange global;

    ProduceAndAdd(const cl::Context& context, const cl::Device& device, std::size_t n)
        : program(hoc::buildProgram(context, device, "events_queues.cl")), produce(program, "produce"),
          add(program, "add"),
          local(std::min(hoc::localSize(produce.getKernel(), device, 64), hoc::localSize(add.getKernel(), device, 64))),
          global(hoc::roundUp(n, local))
    {
    }
};

}  // namespace

GateResult holdWithUserEvent(const cl::Device& device, const std::vector<float>& h_x, int rounds, double hold_s)
{
    const int count = static_cast<int>(h_x.size());
    GateResult result;
    result.y.resize(h_x.size());
    result.y_held.resize(h_x.size());

    // 1. Platform: a profiling queue, and a second one to look at Y during the hold.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
    cl::CommandQueue lookout(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program.
    cl::Program program = hoc::buildProgram(context, device, "events_queues.cl");

    // 3. Memory.
    cl::Buffer d_x = inputBuffer(context, h_x);
    cl::Buffer d_y(context, CL_MEM_WRITE_ONLY, sizeof(float) * h_x.size());

    // 4. Kernel, and a warm-up run of it (which leaves a different Y, of 0 rounds, in d_y).
    Produce produce(program, "produce");
    const std::size_t local = hoc::localSize(produce.getKernel(), device, 64);
    const cl::NDRange global(hoc::roundUp(h_x.size(), local));
    warmUp(queue, produce, nullptr, cl::EnqueueArgs(queue, global, cl::NDRange(local)), d_x, d_y, count);

    // 5. Commands. A user event is an event the host completes. The kernel waits for it.
    cl::UserEvent gate(context);
    const std::vector<cl::Event> after_gate = {gate};
    cl::Event kernel = produce(cl::EnqueueArgs(queue, after_gate, global, cl::NDRange(local)), d_x, d_y, rounds, count);
    queue.flush();  // the kernel is on its way to the device ...

    result.held_s = holdFor(hold_s);  // ... which is idle, yet the kernel does not start
    result.status_held = kernel.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
    // The second queue waits for nothing: its read shows Y as the warm-up left it. The host waits
    // for the read before it releases the gate, so the kernel starts after the read ended.
    cl::Event look;
    lookout.enqueueReadBuffer(d_y, CL_TRUE, 0, sizeof(float) * h_x.size(), result.y_held.data(), nullptr, &look);
    gate.setStatus(CL_COMPLETE);  // now it may

    queue.enqueueReadBuffer(d_y, CL_TRUE, 0, sizeof(float) * h_x.size(), result.y.data());
    result.look = hoc::commandTimes("read Y (second queue)", look);
    result.kernel = hoc::commandTimes("produce", kernel);
    return result;
}

JoinResult joinTwoKernels(const cl::Device& device, const std::vector<float>& h_x, const std::vector<float>& h_y,
                          int rounds, double hold_s)
{
    const int count = static_cast<int>(h_x.size());
    const std::size_t bytes = sizeof(float) * h_x.size();
    JoinResult result;
    result.c.resize(h_x.size());

    // 1. Platform: an out-of-order queue runs its commands in any order, even at the same time,
    //    unless events say otherwise. Not every device has them.
    cl::Context context(device);
    result.out_of_order = (device.getInfo<CL_DEVICE_QUEUE_PROPERTIES>() & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
    if (!result.out_of_order)
        result.note = "this device has no out-of-order queues (CL_DEVICE_QUEUE_PROPERTIES), so the queue is "
                      "in-order: the events still say what waits for what, but the queue's order already does";
    cl::CommandQueue queue(context, device,
                           CL_QUEUE_PROFILING_ENABLE |
                               (result.out_of_order ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0));

    // 2. Program: events_queues.cl, built by ProduceAndAdd (above) with step 4's two kernels.
    ProduceAndAdd k(context, device, h_x.size());

    // 3. Memory: A and B start as zeros (an add that does not wait gives C = 0).
    cl::Buffer d_x = inputBuffer(context, h_x), d_y = inputBuffer(context, h_y);
    cl::Buffer d_a = zerosBuffer(context, h_x.size()), d_b = zerosBuffer(context, h_x.size());
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, bytes);

    // 4. Kernels: k.produce and k.add over the same range, and a warm-up run of both.
    const cl::NDRange global = k.global, local(k.local);
    warmUp(queue, k.produce, &k.add, cl::EnqueueArgs(queue, global, local), d_x, d_c, count);

    // 5. Commands. Both producers wait for the host's gate; the add waits for both producers' events;
    //    the read waits for the add's event (in an out-of-order queue, nothing waits unless told to).
    cl::UserEvent gate(context);
    const std::vector<cl::Event> after_gate = {gate};
    cl::Event first = k.produce(cl::EnqueueArgs(queue, after_gate, global, local), d_x, d_a, rounds, count);
    cl::Event second = k.produce(cl::EnqueueArgs(queue, after_gate, global, local), d_y, d_b, rounds, count);
    const std::vector<cl::Event> inputs = {first, second};
    cl::Event third = k.add(cl::EnqueueArgs(queue, inputs, global, local), d_a, d_b, d_c, count);
    const std::vector<cl::Event> after_add = {third};
    cl::Event read;
    queue.enqueueReadBuffer(d_c, CL_FALSE, 0, bytes, result.c.data(), &after_add, &read);
    queue.flush();

    holdFor(hold_s);  // an add that did not wait for its inputs would run now, on zeros
    gate.setStatus(CL_COMPLETE);
    read.wait();

    result.kernels = {hoc::commandTimes("produce A", first), hoc::commandTimes("produce B", second),
                      hoc::commandTimes("add", third)};
    return result;
}

TwoQueuesResult linkTwoQueues(const cl::Device& device, const std::vector<float>& h_x, const std::vector<float>& h_y,
                              int rounds, double hold_s)
{
    const int count = static_cast<int>(h_x.size());
    const std::size_t bytes = sizeof(float) * h_x.size();
    TwoQueuesResult result;
    result.c.resize(h_x.size());

    // 1. Platform: two in-order queues in one context (events only work within a context).
    cl::Context context(device);
    cl::CommandQueue queue1(context, device, CL_QUEUE_PROFILING_ENABLE);
    cl::CommandQueue queue2(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: events_queues.cl, built by ProduceAndAdd (above) with step 4's two kernels.
    ProduceAndAdd k(context, device, h_x.size());

    // 3. Memory: A starts as zeros (an add that does not wait for queue 1 gives C = Y).
    cl::Buffer d_x = inputBuffer(context, h_x), d_y = inputBuffer(context, h_y);
    cl::Buffer d_a = zerosBuffer(context, h_x.size());
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, bytes);

    // 4. Kernels: k.produce and k.add over the same range, and a warm-up run of both.
    const cl::NDRange global = k.global, local(k.local);
    warmUp(queue2, k.produce, &k.add, cl::EnqueueArgs(queue2, global, local), d_x, d_c, count);

    // 5. Commands.
    cl::UserEvent gate(context);
    const std::vector<cl::Event> after_gate = {gate};
    // Queue 1: A = produce(X), held back by the gate; then a marker. The marker's event completes
    // when everything before it in queue 1 has.
    cl::Event made_a = k.produce(cl::EnqueueArgs(queue1, after_gate, global, local), d_x, d_a, rounds, count);
    cl::Event a_ready;
    queue1.enqueueMarkerWithWaitList(nullptr, &a_ready);
    queue1.flush();  // another queue will wait for this one's event: make sure its commands are submitted

    // Queue 2: a barrier that holds back the rest of queue 2 until queue 1's marker completes
    // (a barrier alone only orders its own queue); C = A + Y; read C.
    const std::vector<cl::Event> wait_for_a = {a_ready};
    queue2.enqueueBarrierWithWaitList(&wait_for_a);
    cl::Event sum = k.add(cl::EnqueueArgs(queue2, global, local), d_a, d_y, d_c, count);
    cl::Event read;
    queue2.enqueueReadBuffer(d_c, CL_FALSE, 0, bytes, result.c.data(), nullptr, &read);
    queue2.flush();

    holdFor(hold_s);  // an add not linked to queue 1 would run now, with A = 0
    gate.setStatus(CL_COMPLETE);
    read.wait();

    result.kernels = {hoc::commandTimes("produce A (queue 1)", made_a), hoc::commandTimes("add (queue 2)", sum)};
    return result;
}

RowResult matmulRowsAsyncCopy(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b,
                              hoc::matmul::Dims d, std::size_t wanted_local)
{
    RowResult result;
    result.c.resize(d.m * d.n);

    // 1. Platform.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program.
    cl::Program program = hoc::buildProgram(context, device, "events_async_copy.cl");

    // 3. Memory.
    cl::Buffer d_a = inputBuffer(context, h_a), d_b = inputBuffer(context, h_b);
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, sizeof(float) * result.c.size());

    // 4. Kernel: the last argument is local memory for one column of B (K floats), which must fit.
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer, cl::LocalSpaceArg> mmul(program,
                                                                                                 "mmul_row_async");
    const std::size_t column_bytes = sizeof(float) * d.k;
    hoc::requireLocalMemory(mmul.getKernel(), device, column_bytes,
                            "a column of B (K = " + std::to_string(d.k) + " floats)");
    hoc::requireWorkGroupSize(mmul.getKernel(), device, wanted_local, "--local " + std::to_string(wanted_local));
    result.local = wanted_local;

    // 5. Commands: one work-item per row of C, rounded up to whole work-groups.
    cl::Event run = mmul(
        cl::EnqueueArgs(queue, cl::NDRange(hoc::roundUp(d.m, result.local)), cl::NDRange(result.local)),
        static_cast<int>(d.m), static_cast<int>(d.n), static_cast<int>(d.k), d_a, d_b, d_c, cl::Local(column_bytes));
    cl::copy(queue, d_c, result.c.begin(), result.c.end());
    result.kernel_s = hoc::eventSeconds(run);
    return result;
}
