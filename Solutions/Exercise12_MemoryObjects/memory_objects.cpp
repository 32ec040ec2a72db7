// Exercise 12: the same vadd with its buffers made three ways, and the non-blocking lesson.
#include "memory_objects.hpp"

#include <algorithm>

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/timing.hpp"
#include "short_lived_vector.hpp"

namespace {

// Steps 1, 2 and 4 do not depend on the buffer flags, so they are done once; each withXxx function
// below does step 3 its flag's way, then step 5.
struct Vadd {
    cl::Context context;
    cl::CommandQueue queue;
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> kernel;
    std::size_t local;

    explicit Vadd(const cl::Device& device)
        : context(device),  // 1. platform
          queue(context, device, CL_QUEUE_PROFILING_ENABLE),
          kernel(hoc::buildProgram(context, device, "vadd.cl"), "vadd"),  // 2. program, 4. kernel
          local(hoc::localSize(kernel.getKernel(), device, 64))
    {
    }

    // 5. The kernel, one work-item per element; returns once it has finished.
    double run(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c, std::size_t n)
    {
        cl::Event done = kernel(cl::EnqueueArgs(queue, cl::NDRange(hoc::roundUp(n, local)), cl::NDRange(local)), a, b,
                                c, static_cast<int>(n));
        return hoc::eventSeconds(done);  // waits for the kernel
    }
};

// CL_MEM_COPY_HOST_PTR: the buffer starts as a copy of the host array; the host array is free
// again as soon as the buffer exists. C is fetched with a read.
FlagTimes withCopyHostPtr(Vadd& v, const std::vector<float>& h_a, const std::vector<float>& h_b,
                          std::vector<float>& h_c)
{
    const std::size_t bytes = sizeof(float) * h_a.size();
    FlagTimes t;
    const hoc::Timer total;
    hoc::Timer part;
    // 3. Memory, this flag's way (timed as the setup).
    // (The host pointer parameter is not const, but with COPY_HOST_PTR OpenCL only reads it.)
    cl::Buffer d_a(v.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(h_a.data()));
    cl::Buffer d_b(v.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(h_b.data()));
    cl::Buffer d_c(v.context, CL_MEM_WRITE_ONLY, bytes);
    t.setup_s = part.seconds();

    // 5. Commands: the kernel, then C onto the host (timed as the results).
    t.kernel_s = v.run(d_a, d_b, d_c, h_a.size());

    part.reset();
    v.queue.enqueueReadBuffer(d_c, CL_TRUE, 0, bytes, h_c.data());
    t.results_s = part.seconds();
    t.total_s = total.seconds();
    return t;
}

// CL_MEM_USE_HOST_PTR: the host arrays ARE the buffers' storage. A CPU device works on them in
// place; a discrete GPU may work on a copy in its own memory (when and how often it copies is up to
// the driver). So h_c is guaranteed to hold what the kernel wrote only once a map of d_c has completed:
// the map is what makes the device's writes visible in h_c. Finishing the queue, or releasing the
// buffer, promises nothing about h_c.
FlagTimes withUseHostPtr(Vadd& v, const std::vector<float>& h_a, const std::vector<float>& h_b, std::vector<float>& h_c)
{
    const std::size_t bytes = sizeof(float) * h_a.size();
    FlagTimes t;
    const hoc::Timer total;
    hoc::Timer part;
    // 3. Memory, this flag's way (timed as the setup).
    // A and B are only read by the device (CL_MEM_READ_ONLY) and never mapped for writing, so these
    // const arrays are never written. They must stay alive while the buffers exist.
    cl::Buffer d_a(v.context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, const_cast<float*>(h_a.data()));
    cl::Buffer d_b(v.context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, const_cast<float*>(h_b.data()));
    cl::Buffer d_c(v.context, CL_MEM_WRITE_ONLY | CL_MEM_USE_HOST_PTR, bytes, h_c.data());
    t.setup_s = part.seconds();

    // 5. Commands: the kernel, then C onto the host (timed as the results).
    t.kernel_s = v.run(d_a, d_b, d_c, h_a.size());

    part.reset();
    void* mapped = v.queue.enqueueMapBuffer(d_c, CL_TRUE, CL_MAP_READ, 0, bytes);  // mapped == h_c.data()
    v.queue.enqueueUnmapMemObject(d_c, mapped);
    v.queue.finish();
    t.results_s = part.seconds();
    t.total_s = total.seconds();
    return t;
}

// CL_MEM_ALLOC_HOST_PTR: OpenCL allocates memory the host can reach (often pinned, so a GPU can copy
// it fast). The host fills and empties it through maps; there is no host array of ours in it.
FlagTimes withAllocHostPtr(Vadd& v, const std::vector<float>& h_a, const std::vector<float>& h_b,
                           std::vector<float>& h_c)
{
    const std::size_t bytes = sizeof(float) * h_a.size();
    FlagTimes t;
    const hoc::Timer total;
    hoc::Timer part;
    // 3. Memory, this flag's way (timed as the setup).
    cl::Buffer d_a(v.context, CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR, bytes);
    cl::Buffer d_b(v.context, CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR, bytes);
    cl::Buffer d_c(v.context, CL_MEM_WRITE_ONLY | CL_MEM_ALLOC_HOST_PTR, bytes);
    // Map for writing (the old contents need not be copied in: INVALIDATE_REGION), fill, unmap.
    for (auto [buffer, source] : {std::pair{&d_a, &h_a}, std::pair{&d_b, &h_b}}) {
        auto* p = static_cast<float*>(
            v.queue.enqueueMapBuffer(*buffer, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, bytes));
        std::copy(source->begin(), source->end(), p);
        v.queue.enqueueUnmapMemObject(*buffer, p);
    }
    v.queue.finish();
    t.setup_s = part.seconds();

    // 5. Commands: the kernel, then C onto the host (timed as the results).
    t.kernel_s = v.run(d_a, d_b, d_c, h_a.size());

    part.reset();
    const auto* p = static_cast<const float*>(v.queue.enqueueMapBuffer(d_c, CL_TRUE, CL_MAP_READ, 0, bytes));
    std::copy(p, p + h_c.size(), h_c.begin());
    v.queue.enqueueUnmapMemObject(d_c, const_cast<float*>(p));
    v.queue.finish();
    t.results_s = part.seconds();
    t.total_s = total.seconds();
    return t;
}

}  // namespace

std::vector<FlagRun> vaddWithFlags(const cl::Device& device, const std::vector<float>& h_a,
                                   const std::vector<float>& h_b, const std::vector<HostMemory>& flags,
                                   const hoc::Repeats& repeats)
{
    Vadd v(device);  // steps 1, 2 and 4
    std::vector<FlagRun> runs;
    for (const HostMemory flag : flags) {
        FlagRun run;
        run.flag = flag;
        std::vector<FlagTimes> times;
        const int timed = std::max(repeats.runs, 1);
        for (int i = 0; i < repeats.warmups + timed; ++i) {  // the first repeats.warmups runs are not kept
            run.c.assign(h_a.size(), 0.0f);
            const FlagTimes t = flag == HostMemory::Copy  ? withCopyHostPtr(v, h_a, h_b, run.c)
                                : flag == HostMemory::Use ? withUseHostPtr(v, h_a, h_b, run.c)
                                                          : withAllocHostPtr(v, h_a, h_b, run.c);
            if (i >= repeats.warmups)
                times.push_back(t);
        }
        std::sort(times.begin(), times.end(),
                  [](const FlagTimes& x, const FlagTimes& y) { return x.total_s < y.total_s; });
        run.times = times[times.size() / 2];
        runs.push_back(std::move(run));
    }
    return runs;
}

NonBlockingRun vaddNonBlocking(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b,
                               WaitBy how)
{
    NonBlockingRun result;
    result.c.assign(h_a.size(), 0.0f);
    const std::size_t bytes = sizeof(float) * h_a.size();

    // 1. Platform, 2. program, 3. memory and 4. kernel as in Exercise 1.
    cl::Context context(device);
    cl::CommandQueue queue(context, device);
    cl::Program program = hoc::buildProgram(context, device, "vadd.cl");
    cl::Buffer d_a(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(h_a.data()));
    cl::Buffer d_b(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(h_b.data()));
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, bytes);
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd(program, "vadd");
    const std::size_t local = hoc::localSize(vadd.getKernel(), device, 64);

    // 5. Commands. A user event (Exercise 14) holds the kernel back until the host releases it, so
    //    what we see right after the enqueue does not depend on how fast the device is.
    cl::UserEvent gate(context);
    const std::vector<cl::Event> after_gate = {gate};
    cl::Event kernel = vadd(
        cl::EnqueueArgs(queue, after_gate, cl::NDRange(hoc::roundUp(h_a.size(), local)), cl::NDRange(local)), d_a, d_b,
        d_c, static_cast<int>(h_a.size()));
    // The call has returned, but the kernel has not run: C is not in d_c, let alone in result.c.
    // Reading result.c here would show the zeros it started with.
    result.kernel_status = kernel.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();

    // A non-blocking read (CL_FALSE) returns at once too; result.c is filled some time later.
    cl::Event read;
    if (how != WaitBy::BlockingRead)
        queue.enqueueReadBuffer(d_c, CL_FALSE, 0, bytes, result.c.data(), nullptr, &read);

    gate.setStatus(CL_COMPLETE);  // release the kernel

    // Only now is it safe to look at result.c - after one of these:
    switch (how) {
    case WaitBy::Finish:
        queue.finish();  // every command in the queue has completed
        break;
    case WaitBy::Event:
        read.wait();  // the read has completed (and, in an in-order queue, the kernel before it)
        break;
    case WaitBy::BlockingRead:
        // CL_TRUE: returns when C is on the host. (Had we done this before releasing the gate,
        // it would wait for ever: the kernel it waits for cannot start.)
        queue.enqueueReadBuffer(d_c, CL_TRUE, 0, bytes, result.c.data());
        break;
    }
    return result;
}

std::string lifetimeName(HostLifetime how)
{
    return how == HostLifetime::DiesTooEarly ? "the vector dies right after the enqueue"
                                             : "the host waits for the write's event, then the vector dies";
}

LifetimeRun writeFromShortLivedVector(const cl::Device& device, const std::vector<float>& h_a, HostLifetime how)
{
    LifetimeRun result;
    const std::size_t bytes = sizeof(float) * h_a.size();

    // 1. Platform. (2. Program: none, this part only copies.)
    cl::Context context(device);
    cl::CommandQueue queue(context, device);

    // 3. Memory: the device buffer, and the memory the short-lived host vector borrows. `heap`
    //    outlives everything below, so nothing here reads freed memory, whatever the order.
    cl::Buffer d_a(context, CL_MEM_READ_WRITE, bytes);
    std::vector<float> heap;

    // 5. Commands. A user event stands for earlier work that keeps the device busy: the write
    //    cannot start until the host sets it complete.
    cl::UserEvent busy(context);
    const std::vector<cl::Event> afterBusy = {busy};
    cl::Event write;
    {
        ShortLivedVector h_tmp(heap, h_a);  // the host vector: alive in this block only
        queue.enqueueWriteBuffer(d_a, CL_FALSE, 0, bytes, h_tmp.data(), &afterBusy, &write);
        if (how == HostLifetime::WaitThenDie) {
            busy.setStatus(CL_COMPLETE);  // the device gets to the write while h_tmp lives
            write.wait();                 // the write has read h_tmp: now it may go
        }
    }  // h_tmp dies here: its memory now holds the poison
    if (how == HostLifetime::DiesTooEarly)
        busy.setStatus(CL_COMPLETE);  // the device gets to the write only now
    queue.finish();

    result.device_copy.resize(h_a.size());
    queue.enqueueReadBuffer(d_a, CL_TRUE, 0, bytes, result.device_copy.data());
    return result;
}
