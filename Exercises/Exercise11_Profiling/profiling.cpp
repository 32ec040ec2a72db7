// Exercise 11: every command hands back an event, and the event says when the command was queued,
// submitted, started and ended. The queue must be created with profiling enabled.
#include "profiling.hpp"

#include <functional>

#include "hoc/common/device.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/timing.hpp"

hoc::CommandTimes readTimestamps(const std::string& name, const cl::Event& event)
{
    // The four times are known once the command has finished.
    event.wait();
    hoc::CommandTimes t;
    t.name = name;
    // TODO: read the four timestamps into t.queued, t.submit, t.start and t.end with
    //       event.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>() and its SUBMIT, START and END siblings.
    return t;
}

namespace {

// Step 3, the same for both kernels: empty device buffers for A, B and C. Filling them is a command
// of its own (step 5), so it can be timed.
struct Buffers {
    Buffers(const cl::Context& context, std::size_t a_size, std::size_t b_size, std::size_t c_size)
        : a(context, CL_MEM_READ_ONLY, sizeof(float) * a_size), b(context, CL_MEM_READ_ONLY, sizeof(float) * b_size),
          c(context, CL_MEM_WRITE_ONLY, sizeof(float) * c_size), c_size(c_size)
    {
    }
    cl::Buffer a, b, c;
    std::size_t c_size;
};

// Enqueues the kernel on buffers A, B, C and returns its event.
using Launch = std::function<cl::Event(const cl::Buffer&, const cl::Buffer&, const cl::Buffer&)>;

// Step 5, the same for both kernels: write A and B, run the kernel `runs` times, read C back, keeping
// every command's event. The last argument of each enqueue call receives the command's event.
ProfileResult runProfiled(cl::CommandQueue& queue, const Buffers& mem, const std::vector<float>& h_a,
                          const std::vector<float>& h_b, int runs, const Launch& launch)
{
    ProfileResult result;
    result.c.resize(mem.c_size);

    cl::Event write_a, write_b, read_c;
    std::vector<cl::Event> kernels;
    const hoc::Timer total;
    queue.enqueueWriteBuffer(mem.a, CL_FALSE, 0, sizeof(float) * h_a.size(), h_a.data(), nullptr, &write_a);
    queue.enqueueWriteBuffer(mem.b, CL_FALSE, 0, sizeof(float) * h_b.size(), h_b.data(), nullptr, &write_b);
    queue.finish();  // the writes are done, so the host timer below measures the kernel alone

    for (int run = 0; run < runs; ++run) {
        const hoc::Timer host;
        kernels.push_back(launch(mem.a, mem.b, mem.c));
        kernels.back().wait();
        result.host_kernel_s.push_back(host.seconds());
    }

    queue.enqueueReadBuffer(mem.c, CL_TRUE, 0, sizeof(float) * mem.c_size, result.c.data(), nullptr, &read_c);
    result.host_total_s = total.seconds();

    result.commands = {readTimestamps("write A", write_a), readTimestamps("write B", write_b)};
    for (std::size_t run = 0; run < kernels.size(); ++run)
        result.commands.push_back(readTimestamps("kernel " + std::to_string(run + 1), kernels[run]));
    result.commands.push_back(readTimestamps("read C", read_c));
    return result;
}

}  // namespace

ProfileResult profileVadd(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b,
                          int runs)
{
    // 1. Platform: a queue that records the four timestamps of every command.
    cl::Context context(device);
    cl::CommandQueue queue(context, device);  // TODO: ask for profiling (CL_QUEUE_PROFILING_ENABLE)

    // 2. Program.
    cl::Program program = hoc::buildProgram(context, device, "vadd.cl");

    // 3. Memory: buffers for A, B and C, filled by the commands of step 5.
    const Buffers mem(context, h_a.size(), h_b.size(), h_a.size());

    // 4. Kernel: one work-item per element, rounded up to whole work-groups.
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd(program, "vadd");
    const int count = static_cast<int>(h_a.size());
    const std::size_t local = hoc::localSize(vadd.getKernel(), device, 64);
    const cl::EnqueueArgs range(queue, cl::NDRange(hoc::roundUp(h_a.size(), local)), cl::NDRange(local));

    // 5. Commands: write A and B, run the kernel, read C back, each with its event.
    return runProfiled(queue, mem, h_a, h_b, runs, [&](const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c) {
        return vadd(range, a, b, c, count);
    });
}

ProfileResult profileMatmul(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b,
                            hoc::matmul::Dims d, int runs)
{
    // 1. Platform: a queue that records the four timestamps of every command.
    cl::Context context(device);
    cl::CommandQueue queue(context, device);  // TODO: ask for profiling (CL_QUEUE_PROFILING_ENABLE)

    // 2. Program.
    cl::Program program = hoc::buildProgram(context, device, "matmul_element.cl");

    // 3. Memory: buffers for A, B and C, filled by the commands of step 5.
    const Buffers mem(context, h_a.size(), h_b.size(), d.m * d.n);

    // 4. Kernel: a 2D range, dimension 0 along a row of C (N columns), dimension 1 down the M rows,
    //    in square work-groups of up to 16 x 16, rounded up to whole work-groups.
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, "mmul_element");
    const std::size_t side = hoc::matmul::elementGroupSide(mmul.getKernel(), device);
    const cl::EnqueueArgs range(queue, cl::NDRange(hoc::roundUp(d.n, side), hoc::roundUp(d.m, side)),
                                cl::NDRange(side, side));
    const int M = static_cast<int>(d.m), N = static_cast<int>(d.n), K = static_cast<int>(d.k);

    // 5. Commands: write A and B, run the kernel, read C back, each with its event.
    return runProfiled(queue, mem, h_a, h_b, runs, [&](const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c) {
        return mmul(range, M, N, K, a, b, c);
    });
}
