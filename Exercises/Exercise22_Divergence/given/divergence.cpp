// Exercise 22: the host side. One buffer in, one out; the divergent kernel runs one work-item per
// element, the grouped one rounds the NDRange up to whole pairs of blocks (2 x span work-items).
#include "divergence.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

namespace {

std::string kernelFor(std::size_t span) { return span == 0 ? "divergent" : "grouped"; }

}  // namespace

Divergence::Divergence(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: both kernels.
      program_(hoc::buildProgram(context_, device, "divergence.cl"))
{
}

std::size_t Divergence::maxWorkGroupSize(std::size_t span) const
{
    return cl::Kernel(program_, kernelFor(span).c_str()).getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
}

std::size_t Divergence::stepThreePrediction()
{
    cl::Kernel kernel(program_, "step3_prediction");
    std::vector<cl_uint> answer(1, 0);
    cl::Buffer d_answer(queue_, answer.begin(), answer.end(), /*readOnly=*/false);
    kernel.setArg(0, d_answer);
    queue_.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
    cl::copy(queue_, d_answer, answer.begin(), answer.end());
    return answer[0];
}

PathsResult Divergence::run(const std::vector<float>& h_in, unsigned steps, std::size_t span, std::size_t local,
                            const hoc::Repeats& repeats)
{
    const std::size_t n = h_in.size();
    if (n == 0 || n > kMaxElements)
        throw hoc::Failure("divergence: " + std::to_string(n) + " elements; need 1 to 2^30");
    if (span > kMaxSpan)
        throw hoc::Failure("divergence: a span of " + std::to_string(span) + " work-items; at most 2^16");
    cl::Kernel kernel(program_, kernelFor(span).c_str());

    // Sizes: a work-group size the kernel allows; the grouped kernel needs whole pairs of blocks.
    PathsResult result;
    result.local = local != 0 ? local : hoc::localSize(kernel, device_, 256);
    hoc::requireWorkGroupSize(kernel, device_, result.local, "--local " + std::to_string(result.local));
    result.global = hoc::roundUp(span == 0 ? n : hoc::roundUp(n, 2 * span), result.local);

    // 3. Memory.
    cl::Buffer d_in(queue_, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * n);
    queue_.enqueueFillBuffer(d_out, 0.0f, 0, sizeof(float) * n);  // an element never written reads 0

    // 4. Kernel arguments.
    kernel.setArg(0, d_in);
    kernel.setArg(1, d_out);
    kernel.setArg(2, static_cast<cl_uint>(n));
    kernel.setArg(3, static_cast<cl_uint>(steps));
    if (span != 0)
        kernel.setArg(4, static_cast<cl_uint>(span));

    // 5. Commands: the kernel, timed, then the result back.
    result.seconds = hoc::medianSeconds(repeats, [&] {
        cl::Event done;
        queue_.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(result.global), cl::NDRange(result.local),
                                    nullptr, &done);
        return hoc::EventSpan{done, done};
    });
    result.out.resize(n);
    cl::copy(queue_, d_out, result.out.begin(), result.out.end());
    return result;
}
