// Exercise 25: the host side. Each run of a program enqueues, on one in-order queue that profiles,
// the writes of its inputs (non-blocking), the kernel and the read of its result (non-blocking),
// waits for all of them, and hands their timestamps to phasesOf. The buffers (and vadd's pinned host
// arrays) are made once, before the runs: what is timed is the data's trip, not the allocation.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>

#include "amdahl.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/common/program.hpp"

Phases medianPhases(const std::vector<Phases>& runs)
{
    const auto field = [&](double Phases::* member) {
        std::vector<double> values;
        for (const Phases& p : runs)
            values.push_back(p.*member);
        return hoc::median(values);
    };
    return {field(&Phases::write), field(&Phases::kernel), field(&Phases::read), field(&Phases::whole)};
}

namespace {
constexpr std::size_t kTile = 16;  // the blocked kernel's tile: work-groups of kTile x kTile
}  // namespace

Amdahl::Amdahl(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Programs: Exercise 01's vadd, Exercise 04's one-element-per-work-item matmul and Exercise
      //    09's blocked matmul in tiles of 16 x 16.
      vadd_(hoc::buildProgram(context_, device, "vadd.cl")),
      matmul_(hoc::buildProgram(context_, device, "matmul_element.cl")),
      blocked_(hoc::buildProgram(context_, device, "matmul_blocked.cl", "-DTILE=" + std::to_string(kTile)))
{
}

namespace {

// One input of a run: the device buffer and the host array it is written from.
struct Input {
    cl::Buffer device;
    const float* host;
    std::size_t count;
};

// Step 5 for either program: the writes, the kernel, the read into `out` (`count` floats), `repeats`
// times; the phases of every timed run (warm-ups dropped), their medians kept.
Phases timeRuns(cl::CommandQueue& queue, const std::vector<Input>& inputs, cl::Kernel& kernel,
                const cl::NDRange& global, const cl::NDRange& local, const cl::Buffer& result, float* out,
                std::size_t count, const hoc::Repeats& repeats)
{
    std::vector<Phases> timed;
    const int runs = repeats.warmups + std::max(repeats.runs, 1);
    for (int run = 0; run < runs; ++run) {
        std::vector<cl::Event> writes(inputs.size()), reads(1);
        cl::Event done;
        for (std::size_t i = 0; i < inputs.size(); ++i)
            queue.enqueueWriteBuffer(inputs[i].device, CL_FALSE, 0, sizeof(float) * inputs[i].count, inputs[i].host,
                                     nullptr, &writes[i]);
        queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &done);
        queue.enqueueReadBuffer(result, CL_FALSE, 0, sizeof(float) * count, out, nullptr, &reads[0]);
        queue.finish();
        std::vector<hoc::CommandTimes> w, r;
        for (const cl::Event& e : writes)
            w.push_back(hoc::commandTimes("write", e));
        for (const cl::Event& e : reads)
            r.push_back(hoc::commandTimes("read", e));
        if (run >= repeats.warmups)
            timed.push_back(phasesOf(w, hoc::commandTimes("kernel", done), r));
    }
    return medianPhases(timed);
}

}  // namespace

ProgramRun Amdahl::vadd(const std::vector<float>& a, const std::vector<float>& b, const hoc::Repeats& repeats,
                        bool pinned)
{
    const std::size_t n = a.size();
    if (n == 0 || n != b.size() || n > INT32_MAX)
        throw hoc::Failure("amdahl: vadd of " + std::to_string(n) + " elements; need 1 to 2^31 - 1, A and B alike");
    // 3. Memory: the buffers, empty; every run writes A and B into them.
    cl::Buffer d_a(context_, CL_MEM_READ_ONLY, sizeof(float) * n), d_b(context_, CL_MEM_READ_ONLY, sizeof(float) * n);
    cl::Buffer d_c(context_, CL_MEM_WRITE_ONLY, sizeof(float) * n);
    // 4. Kernel arguments.
    cl::Kernel kernel(vadd_, "vadd");
    kernel.setArg(0, d_a);
    kernel.setArg(1, d_b);
    kernel.setArg(2, d_c);
    kernel.setArg(3, static_cast<cl_int>(n));
    const std::size_t local = hoc::localSize(kernel, device_, 256);
    // 5. Commands, from and to the vectors themselves or from and to pinned copies of them.
    ProgramRun result;
    result.out.resize(n);
    const cl::NDRange global(hoc::roundUp(n, local));
    if (!pinned) {
        result.phases = timeRuns(queue_, {{d_a, a.data(), n}, {d_b, b.data(), n}}, kernel, global, cl::NDRange(local),
                                 d_c, result.out.data(), n, repeats);
        return result;
    }
    PinnedFloats h_a(context_, queue_, n), h_b(context_, queue_, n), h_c(context_, queue_, n);
    if (!h_a.data() || !h_b.data() || !h_c.data()) {  // step 7 not written yet: no run
        result.ran = false;
        return result;
    }
    std::copy(a.begin(), a.end(), h_a.data());
    std::copy(b.begin(), b.end(), h_b.data());
    result.phases = timeRuns(queue_, {{d_a, h_a.data(), n}, {d_b, h_b.data(), n}}, kernel, global, cl::NDRange(local),
                             d_c, h_c.data(), n, repeats);
    std::copy(h_c.data(), h_c.data() + n, result.out.begin());
    return result;
}

ProgramRun Amdahl::matmul(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d,
                          const hoc::Repeats& repeats, MatmulKernel which)
{
    if (a.size() != d.m * d.k || b.size() != d.k * d.n || d.m * d.n * d.k == 0)
        throw hoc::Failure("amdahl: matmul inputs do not match M = " + std::to_string(d.m) +
                           ", N = " + std::to_string(d.n) + ", K = " + std::to_string(d.k));
    // 3. Memory.
    cl::Buffer d_a(context_, CL_MEM_READ_ONLY, sizeof(float) * a.size());
    cl::Buffer d_b(context_, CL_MEM_READ_ONLY, sizeof(float) * b.size());
    cl::Buffer d_c(context_, CL_MEM_WRITE_ONLY, sizeof(float) * d.m * d.n);
    // 4. Kernel arguments.
    const bool blocked = which == MatmulKernel::blocked;
    cl::Kernel kernel = blocked ? cl::Kernel(blocked_, "mmul_blocked") : cl::Kernel(matmul_, "mmul_element");
    kernel.setArg(0, static_cast<cl_int>(d.m));
    kernel.setArg(1, static_cast<cl_int>(d.n));
    kernel.setArg(2, static_cast<cl_int>(d.k));
    kernel.setArg(3, d_a);
    kernel.setArg(4, d_b);
    kernel.setArg(5, d_c);
    // The blocked kernel needs work-groups of exactly one tile; the element kernel takes the largest
    // square up to 16 x 16 that the device allows.
    const std::size_t largest = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
    if (blocked && largest < kTile * kTile)
        throw hoc::Failure("amdahl: the blocked matmul needs work-groups of " + std::to_string(kTile) + " x " +
                           std::to_string(kTile) + "; this device allows the kernel " + std::to_string(largest));
    const std::size_t side = blocked ? kTile : hoc::matmul::squareLocalSize(kernel, device_, 16);
    // 5. Commands.
    ProgramRun result;
    result.out.resize(d.m * d.n);
    result.phases = timeRuns(queue_, {{d_a, a.data(), a.size()}, {d_b, b.data(), b.size()}}, kernel,
                             cl::NDRange(hoc::roundUp(d.n, side), hoc::roundUp(d.m, side)), cl::NDRange(side, side),
                             d_c, result.out.data(), result.out.size(), repeats);
    return result;
}
