// Exercise 12 in another shape: one round trip for all three flags (a switch on the flag where they
// differ), maps held by a small scoped object that unmaps when it goes, non-blocking maps waited for
// by their events, and the non-blocking lesson waiting through cl::WaitForEvents.
#include "memory_objects.hpp"

#include <algorithm>
#include <cstring>

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/timing.hpp"
#include "short_lived_vector.hpp"

namespace {

// A mapped region of a buffer, unmapped (and the unmap waited for) when the object goes.
class Mapping {
public:
    Mapping(cl::CommandQueue& queue, const cl::Buffer& buffer, cl_map_flags flags, std::size_t bytes)
        : queue_(queue), buffer_(buffer)
    {
        cl::Event mapped;
        // Non-blocking, then waited for by its event: the same guarantee as a blocking map.
        pointer_ = queue_.enqueueMapBuffer(buffer_, CL_FALSE, flags, 0, bytes, nullptr, &mapped);
        mapped.wait();
    }
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    ~Mapping()
    {
        cl::Event unmapped;
        queue_.enqueueUnmapMemObject(buffer_, pointer_, nullptr, &unmapped);
        unmapped.wait();
    }
    float* data() const { return static_cast<float*>(pointer_); }

private:
    cl::CommandQueue& queue_;
    cl::Buffer buffer_;
    void* pointer_ = nullptr;
};

struct Vadd {
    cl::Context context;
    cl::CommandQueue queue;
    cl::Kernel kernel;
    std::size_t local;

    explicit Vadd(const cl::Device& device)
        : context(device), queue(context, device, CL_QUEUE_PROFILING_ENABLE),
          kernel(hoc::buildProgram(context, device, "vadd.cl"), "vadd"), local(hoc::localSize(kernel, device, 64))
    {
    }

    double run(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c, std::size_t n)
    {
        kernel.setArg(0, a);
        kernel.setArg(1, b);
        kernel.setArg(2, c);
        kernel.setArg(3, static_cast<int>(n));
        cl::Event done;
        queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(hoc::roundUp(n, local)), cl::NDRange(local),
                                   nullptr, &done);
        return hoc::eventSeconds(done);
    }
};

FlagTimes roundTrip(Vadd& v, HostMemory flag, const std::vector<float>& h_a, const std::vector<float>& h_b,
                    std::vector<float>& h_c)
{
    const std::size_t n = h_a.size();
    const std::size_t bytes = sizeof(float) * n;
    // COPY and USE hand the runtime our pointers (only read for A and B: CL_MEM_READ_ONLY, never
    // mapped for writing); ALLOC takes none.
    const cl_mem_flags host = flag == HostMemory::Copy  ? CL_MEM_COPY_HOST_PTR
                              : flag == HostMemory::Use ? CL_MEM_USE_HOST_PTR
                                                        : CL_MEM_ALLOC_HOST_PTR;
    auto* a_ptr = flag == HostMemory::Alloc ? nullptr : const_cast<float*>(h_a.data());
    auto* b_ptr = flag == HostMemory::Alloc ? nullptr : const_cast<float*>(h_b.data());
    auto* c_ptr = flag == HostMemory::Use ? h_c.data() : nullptr;
    const cl_mem_flags c_host = flag == HostMemory::Copy ? 0 : host;

    FlagTimes t;
    const hoc::Timer total;
    hoc::Timer part;
    cl::Buffer d_a(v.context, CL_MEM_READ_ONLY | host, bytes, a_ptr);
    cl::Buffer d_b(v.context, CL_MEM_READ_ONLY | host, bytes, b_ptr);
    cl::Buffer d_c(v.context, CL_MEM_WRITE_ONLY | c_host, bytes, c_ptr);
    if (flag == HostMemory::Alloc) {
        const Mapping a(v.queue, d_a, CL_MAP_WRITE_INVALIDATE_REGION, bytes);
        const Mapping b(v.queue, d_b, CL_MAP_WRITE_INVALIDATE_REGION, bytes);
        std::memcpy(a.data(), h_a.data(), bytes);
        std::memcpy(b.data(), h_b.data(), bytes);
    }
    t.setup_s = part.seconds();

    t.kernel_s = v.run(d_a, d_b, d_c, n);

    part.reset();
    switch (flag) {
    case HostMemory::Copy: v.queue.enqueueReadBuffer(d_c, CL_TRUE, 0, bytes, h_c.data()); break;
    case HostMemory::Use: {
        // While mapped, h_c itself holds C; the map is what makes the device's writes visible there.
        const Mapping c(v.queue, d_c, CL_MAP_READ, bytes);
        (void)c;
        break;
    }
    case HostMemory::Alloc: {
        const Mapping c(v.queue, d_c, CL_MAP_READ, bytes);
        std::copy(c.data(), c.data() + n, h_c.begin());
        break;
    }
    }
    t.results_s = part.seconds();
    t.total_s = total.seconds();
    return t;
}

}  // namespace

std::vector<FlagRun> vaddWithFlags(const cl::Device& device, const std::vector<float>& h_a,
                                   const std::vector<float>& h_b, const std::vector<HostMemory>& flags,
                                   const hoc::Repeats& repeats)
{
    Vadd v(device);
    std::vector<FlagRun> runs;
    for (const HostMemory flag : flags) {
        FlagRun run;
        run.flag = flag;
        std::vector<FlagTimes> times;
        const int timed = std::max(repeats.runs, 1);
        for (int i = 0; i < repeats.warmups + timed; ++i) {
            run.c.assign(h_a.size(), 0.0f);
            const FlagTimes t = roundTrip(v, flag, h_a, h_b, run.c);
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
    const std::size_t n = h_a.size();
    const std::size_t bytes = sizeof(float) * n;

    cl::Context context(device);
    cl::CommandQueue queue(context, device);
    cl::Kernel vadd(hoc::buildProgram(context, device, "vadd.cl"), "vadd");
    cl::Buffer d_a(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(h_a.data()));
    cl::Buffer d_b(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(h_b.data()));
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, bytes);
    vadd.setArg(0, d_a);
    vadd.setArg(1, d_b);
    vadd.setArg(2, d_c);
    vadd.setArg(3, static_cast<int>(n));
    const std::size_t local = hoc::localSize(vadd, device, 64);

    cl::UserEvent gate(context);
    const std::vector<cl::Event> after_gate = {gate};
    cl::Event kernel;
    queue.enqueueNDRangeKernel(vadd, cl::NullRange, cl::NDRange(hoc::roundUp(n, local)), cl::NDRange(local),
                               &after_gate, &kernel);
    result.kernel_status = kernel.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();

    // The read waits for the kernel explicitly (its event), not only through the in-order queue.
    const std::vector<cl::Event> after_kernel = {kernel};
    std::vector<cl::Event> read(1);
    if (how != WaitBy::BlockingRead)
        queue.enqueueReadBuffer(d_c, CL_FALSE, 0, bytes, result.c.data(), &after_kernel, &read[0]);
    gate.setStatus(CL_COMPLETE);
    switch (how) {
    case WaitBy::Finish: queue.finish(); break;
    case WaitBy::Event: cl::WaitForEvents(read); break;
    case WaitBy::BlockingRead: queue.enqueueReadBuffer(d_c, CL_TRUE, 0, bytes, result.c.data(), &after_kernel); break;
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
    cl::Context context(device);
    cl::CommandQueue queue(context, device);
    cl::Buffer d_a(context, CL_MEM_READ_WRITE, bytes);
    std::vector<float> heap;  // outlives everything below

    cl::UserEvent busy(context);
    const std::vector<cl::Event> after_busy = {busy};
    const bool wait_inside = how == HostLifetime::WaitThenDie;
    {
        ShortLivedVector h_tmp(heap, h_a);
        std::vector<cl::Event> write(1);
        queue.enqueueWriteBuffer(d_a, CL_FALSE, 0, bytes, h_tmp.data(), &after_busy, &write[0]);
        if (wait_inside) {
            busy.setStatus(CL_COMPLETE);
            cl::WaitForEvents(write);  // the write has read h_tmp: it may go now
        }
    }
    if (!wait_inside)
        busy.setStatus(CL_COMPLETE);
    result.device_copy.resize(h_a.size());
    queue.enqueueReadBuffer(d_a, CL_TRUE, 0, bytes, result.device_copy.data());  // after the write, in order
    return result;
}
