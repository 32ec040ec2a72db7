// Exercise 2, part 3: the steps both versions share, and part 1's chain, timed.
#include <climits>
#include <limits>

#include "fusion.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"

Fusion::Fusion(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
               const std::vector<float>& e, const std::vector<float>& g)
    // 1. Platform: a context for the device and an in-order queue that records when commands run.
    : context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: both kernel files.
      chainProgram_(hoc::buildProgram(context_, device, "vadd.cl")),
      fusedProgram_(hoc::buildProgram(context_, device, "vadd_fused.cl")),
      // Work-groups of 64 (or what the kernel allows), the NDRange rounded up to whole work-groups.
      local_(hoc::localSize(cl::Kernel(chainProgram_, "vadd"), device, 64)), global_(hoc::roundUp(a.size(), local_[0])),
      range_(queue_, global_, local_)
{
    if (a.empty() || a.size() > INT_MAX || b.size() != a.size() || e.size() != a.size() || g.size() != a.size())
        throw hoc::Failure("fusion: four inputs of one length, 1 to INT_MAX, are needed");
    count_ = static_cast<int>(a.size());
    // 3. Memory: the inputs copied in, C and D for the chain, F for both; F starts at 0, C and D at
    //    NaN (what no kernel has written).
    const std::size_t bytes = sizeof(float) * a.size();
    d_a_ = cl::Buffer(queue_, a.begin(), a.end(), /*readOnly=*/true);
    d_b_ = cl::Buffer(queue_, b.begin(), b.end(), /*readOnly=*/true);
    d_e_ = cl::Buffer(queue_, e.begin(), e.end(), /*readOnly=*/true);
    d_g_ = cl::Buffer(queue_, g.begin(), g.end(), /*readOnly=*/true);
    d_c_ = cl::Buffer(context_, CL_MEM_READ_WRITE, bytes);
    d_d_ = cl::Buffer(context_, CL_MEM_READ_WRITE, bytes);
    d_f_ = cl::Buffer(context_, CL_MEM_READ_WRITE, bytes);
    queue_.enqueueFillBuffer(d_f_, 0.0f, 0, bytes);
    // (Written from the host rather than filled: oclgrind 21.10 takes the filled buffers' elements
    // for uninitialized values.)
    const std::vector<float> nan(a.size(), std::numeric_limits<float>::quiet_NaN());
    cl::copy(queue_, nan.begin(), nan.end(), d_c_);
    cl::copy(queue_, nan.begin(), nan.end(), d_d_);
}

FusionRun Fusion::chain(const hoc::Repeats& repeats)
{
    // 4. Kernel: Exercise 1's vadd, called three times with different buffers.
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd(chainProgram_, "vadd");
    // 5. Commands: one run is the three calls; its time runs from the first one's start to the
    //    last one's end, the gaps between them included.
    return timed(repeats, [&] {
        cl::Event first = vadd(range_, d_a_, d_b_, d_c_, count_);  // C = A + B
        vadd(range_, d_c_, d_e_, d_d_, count_);                    // D = C + E
        cl::Event last = vadd(range_, d_d_, d_g_, d_f_, count_);   // F = D + G
        return hoc::EventSpan{first, last};
    });
}

FusionRun Fusion::timed(const hoc::Repeats& repeats, const std::function<hoc::EventSpan()>& run)
{
    return readF(hoc::medianSecondsOrZero(queue_, repeats, run));
}

std::vector<float> Fusion::partialSums()
{
    std::vector<float> sums(2 * static_cast<std::size_t>(count_));
    cl::copy(queue_, d_c_, sums.begin(), sums.begin() + count_);
    cl::copy(queue_, d_d_, sums.begin() + count_, sums.end());
    return sums;
}

FusionRun Fusion::readF(double seconds)
{
    FusionRun run;
    run.seconds = seconds;
    run.f.resize(static_cast<std::size_t>(count_));
    cl::copy(queue_, d_f_, run.f.begin(), run.f.end());
    queue_.enqueueFillBuffer(d_f_, 0.0f, 0, sizeof(float) * run.f.size());
    return run;
}
