// Exercise 19: a long SAXPY in chunks. Part 1 puts every command in one in-order queue, so nothing
// overlaps; part 2 puts the copies in, the kernels and the copies out in three queues and links
// them with events, so that the device may copy one chunk while it computes another.
#include <algorithm>
#include <chrono>
#include <thread>

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"
#include "overlap.hpp"

namespace {

using Saxpy = cl::KernelFunctor<float, cl::Buffer, cl::Buffer, int, int>;

// One chunk of X and Y: where it starts, how long it is, and the slot (pair of device buffers) it uses.
struct Chunk {
    std::size_t index, first, count, slot;
};

std::vector<Chunk> chunksOf(std::size_t n, const PipelineOptions& options)
{
    std::vector<Chunk> chunks;
    for (std::size_t first = 0, i = 0; first < n; first += options.chunk, ++i)
        chunks.push_back({i, first, std::min(options.chunk, n - first), i % options.slots});
    return chunks;
}

// The device's memory for `slots` chunks: a buffer for X and one for Y in each slot, zero-filled
// (the warm-up reads them).
struct Slots {
    std::vector<cl::Buffer> x, y;
    Slots(const cl::Context& context, cl::CommandQueue& queue, const PipelineOptions& options)
    {
        const std::size_t bytes = sizeof(float) * options.chunk;
        for (std::size_t s = 0; s < options.slots; ++s) {
            x.emplace_back(context, CL_MEM_READ_ONLY, bytes);
            y.emplace_back(context, CL_MEM_READ_WRITE, bytes);
            queue.enqueueFillBuffer(x.back(), 0.0f, 0, bytes);
            queue.enqueueFillBuffer(y.back(), 0.0f, 0, bytes);
        }
        queue.finish();
    }
};

// Runs the kernel once and waits: PoCL compiles a kernel for the device at its first launch, which
// would show up as a slow first chunk.
void warmUp(cl::CommandQueue& queue, Saxpy& saxpy, const Slots& slots, std::size_t chunk, std::size_t local)
{
    saxpy(cl::EnqueueArgs(queue, cl::NDRange(hoc::roundUp(chunk, local)), cl::NDRange(local)), 1.0f, slots.x[0],
          slots.y[0], 1, static_cast<int>(chunk));
    queue.finish();
}

// Opens the gate the whole pipeline waits behind. With `hold_s` > 0 every queue is flushed first and
// the host waits that long: a command that was not told to wait for its inputs runs now, before the
// data it needs exists, and the checks see it. (Without a hold nothing is flushed before the gate
// opens: oclgrind runs a flushed queue to its end at once, and would wait for the gate for ever.)
void openGate(cl::UserEvent& gate, std::vector<cl::CommandQueue> queues, double hold_s)
{
    if (hold_s > 0) {
        for (auto& q : queues)
            q.flush();
        std::this_thread::sleep_for(std::chrono::duration<double>(hold_s));
    }
    gate.setStatus(CL_COMPLETE);
    for (auto& q : queues)
        q.flush();  // a queue that another queue waits for must be flushed, or it may never run
}

// What an event says about its command: the type and the queue (clGetEventInfo), then the four
// profiling timestamps (clGetEventProfilingInfo, once the command is complete).
Command record(const std::string& name, const cl::Event& event, const std::vector<cl::CommandQueue>& queues,
               std::size_t chunk)
{
    Command c;
    c.type = event.getInfo<CL_EVENT_COMMAND_TYPE>();
    const cl::CommandQueue queue = event.getInfo<CL_EVENT_COMMAND_QUEUE>();
    for (std::size_t q = 0; q < queues.size(); ++q)
        if (queues[q]() == queue())
            c.queue = static_cast<int>(q);
    c.chunk = chunk;
    c.times = hoc::commandTimes(name + " " + std::to_string(chunk), event);
    return c;
}

}  // namespace

PipelineResult saxpyOneQueue(const cl::Device& device, float a, const std::vector<float>& h_x,
                             const std::vector<float>& h_y, const PipelineOptions& options)
{
    const std::size_t n = h_x.size();
    const std::vector<Chunk> chunks = chunksOf(n, options);
    PipelineResult result;
    result.chunks = chunks.size();

    // 1. Platform: one in-order queue, with profiling.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program.
    cl::Program program = hoc::buildProgram(context, device, "saxpy.cl");

    // 3. Memory: X and Y in pinned host memory; on the device, `slots` pairs of chunk buffers.
    PinnedFloats x(context, queue, n), y(context, queue, n);
    std::copy(h_x.begin(), h_x.end(), x.data());
    std::copy(h_y.begin(), h_y.end(), y.data());
    const Slots slots(context, queue, options);

    // 4. Kernel.
    Saxpy saxpy(program, "saxpy");
    const std::size_t local = hoc::localSize(saxpy.getKernel(), device, 64);
    warmUp(queue, saxpy, slots, options.chunk, local);

    // 5. Commands, chunk after chunk, behind a gate (a user event) that the host opens once all are
    //    enqueued, so that the device gets the whole pipeline at once. An in-order queue starts each
    //    command after the one before it ended: no other events needed, and nothing overlaps.
    cl::UserEvent gate(context);
    const std::vector<cl::Event> after_gate = {gate};
    std::vector<std::pair<std::string, cl::Event>> events;
    for (const Chunk& c : chunks) {
        const std::size_t bytes = sizeof(float) * c.count;
        cl::Event wx, wy, r;
        queue.enqueueWriteBuffer(slots.x[c.slot], CL_FALSE, 0, bytes, x.data() + c.first, &after_gate, &wx);
        queue.enqueueWriteBuffer(slots.y[c.slot], CL_FALSE, 0, bytes, y.data() + c.first, nullptr, &wy);
        cl::Event k = saxpy(cl::EnqueueArgs(queue, cl::NDRange(hoc::roundUp(c.count, local)), cl::NDRange(local)), a,
                            slots.x[c.slot], slots.y[c.slot], options.rounds, static_cast<int>(c.count));
        queue.enqueueReadBuffer(slots.y[c.slot], CL_FALSE, 0, bytes, y.data() + c.first, nullptr, &r);
        events.insert(events.end(), {{"write x", wx}, {"write y", wy}, {"saxpy", k}, {"read y", r}});
    }
    openGate(gate, {queue}, options.hold_s);
    queue.finish();

    for (std::size_t e = 0; e < events.size(); ++e)
        result.commands.push_back(record(events[e].first, events[e].second, {queue}, e / 4));
    result.y.assign(y.data(), y.data() + n);
    return result;
}

PipelineResult saxpyThreeQueues(const cl::Device& device, float a, const std::vector<float>& h_x,
                                const std::vector<float>& h_y, const PipelineOptions& options)
{
    const std::size_t n = h_x.size();
    const std::vector<Chunk> chunks = chunksOf(n, options);
    PipelineResult result;
    result.chunks = chunks.size();

    // 1. Platform: three in-order queues of one context: copies to the device, kernels, copies back.
    //    Commands of different queues may run at the same time unless events say otherwise.
    cl::Context context(device);
    cl::CommandQueue in(context, device, CL_QUEUE_PROFILING_ENABLE);
    cl::CommandQueue run(context, device, CL_QUEUE_PROFILING_ENABLE);
    cl::CommandQueue out(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program.
    cl::Program program = hoc::buildProgram(context, device, "saxpy.cl");

    // 3. Memory, as in part 1.
    PinnedFloats x(context, in, n), y(context, in, n);
    std::copy(h_x.begin(), h_x.end(), x.data());
    std::copy(h_y.begin(), h_y.end(), y.data());
    const Slots slots(context, in, options);

    // 4. Kernel.
    Saxpy saxpy(program, "saxpy");
    const std::size_t local = hoc::localSize(saxpy.getKernel(), device, 64);
    warmUp(run, saxpy, slots, options.chunk, local);

    // 5. Commands, behind a gate as in part 1. Three dependencies per chunk, each an event in a wait
    //    list: the kernel waits for its two writes, the read waits for the kernel, and a write into a
    //    slot waits for the read that emptied the slot (the chunk `slots` before it).
    cl::UserEvent gate(context);
    std::vector<cl::Event> emptied(options.slots);  // the last read from each slot (none yet)
    std::vector<cl::Event> reads;
    std::vector<std::pair<std::string, cl::Event>> events;
    openGate(gate, {in, run, out}, 0);  // open at once: the host waits for each chunk below
    for (const Chunk& c : chunks) {
        const std::size_t bytes = sizeof(float) * c.count;
        std::vector<cl::Event> slot_free = {gate};
        if (emptied[c.slot]() != nullptr)
            slot_free.push_back(emptied[c.slot]);
        cl::Event wx, wy, r;
        in.enqueueWriteBuffer(slots.x[c.slot], CL_FALSE, 0, bytes, x.data() + c.first, &slot_free, &wx);
        in.enqueueWriteBuffer(slots.y[c.slot], CL_FALSE, 0, bytes, y.data() + c.first, &slot_free, &wy);
        const std::vector<cl::Event> written = {wx, wy};
        cl::Event k = saxpy(
            cl::EnqueueArgs(run, written, cl::NDRange(hoc::roundUp(c.count, local)), cl::NDRange(local)), a,
            slots.x[c.slot], slots.y[c.slot], options.rounds, static_cast<int>(c.count));
        const std::vector<cl::Event> computed = {k};
        out.enqueueReadBuffer(slots.y[c.slot], CL_FALSE, 0, bytes, y.data() + c.first, &computed, &r);
        emptied[c.slot] = r;
        reads.push_back(r);
        events.insert(events.end(), {{"write x", wx}, {"write y", wy}, {"saxpy", k}, {"read y", r}});
        // The chunk is done before the next one starts.
        in.flush();
        run.flush();
        out.flush();
        r.wait();
    }
    // The host waits for every read (the C API's clWaitForEvents).
    cl::Event::waitForEvents(reads);

    for (std::size_t e = 0; e < events.size(); ++e)
        result.commands.push_back(record(events[e].first, events[e].second, {in, run, out}, e / 4));
    result.y.assign(y.data(), y.data() + n);
    return result;
}
