// Exercise 16b: the host side. One buffer in, one out, the kernel launched as launchFor says, timed
// by its profiling event. The lesson is coarsening.cl and launchFor (coarsening.cpp).
#include <string>
#include <utility>

#include "coarsening.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

std::vector<float> referenceScale(const std::vector<float>& in, float scale)
{
    std::vector<float> out(in.size());
    for (std::size_t i = 0; i < in.size(); ++i)
        out[i] = scale * in[i];
    return out;
}

Coarsening::Coarsening(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
}

const cl::Program& Coarsening::programFor(std::size_t perItem)
{
    // 2. Program: coarsening.cl with PER_ITEM set, built once per factor.
    auto found = programs_.find(perItem);
    if (found == programs_.end())
        found = programs_
                    .emplace(perItem, hoc::buildProgram(context_, device_, "coarsening.cl",
                                                        "-DPER_ITEM=" + std::to_string(perItem)))
                    .first;
    return found->second;
}

std::size_t Coarsening::maxWorkGroupSize()
{
    return cl::Kernel(programFor(1), "scale_coarse").getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
}

ScaleResult Coarsening::run(const std::vector<float>& h_in, float scale, std::size_t perItem, std::size_t local,
                            const hoc::Repeats& repeats)
{
    const std::size_t n = h_in.size();
    if (n == 0 || n > kMaxElements)
        throw hoc::Failure("coarsening: " + std::to_string(n) + " elements; need 1 to 2^30");
    if (perItem == 0 || perItem > kMaxElements)
        throw hoc::Failure("coarsening: " + std::to_string(perItem) + " elements per work-item; need 1 to 2^30");
    cl::Kernel kernel(programFor(perItem), "scale_coarse");

    ScaleResult result;
    result.local = local != 0 ? local : hoc::localSize(kernel, device_, 256);
    hoc::requireWorkGroupSize(kernel, device_, result.local, "--local " + std::to_string(result.local));
    result.launch = launchFor(n, perItem, result.local);
    const Launch& l = result.launch;
    // A launch OpenCL would refuse, or one that cannot cover n elements, is the lesson's mistake: say
    // so rather than pass OpenCL's error on.
    if (l.global == 0 || l.global % result.local != 0 || l.groups * result.local != l.global ||
        l.workItems > l.global || l.workItems * perItem < n)
        throw hoc::Failure("coarsening: launchFor(" + std::to_string(n) + ", " + std::to_string(perItem) + ", " +
                           std::to_string(result.local) + ") gave " + std::to_string(l.workItems) +
                           " work-items, an NDRange of " + std::to_string(l.global) + " and " +
                           std::to_string(l.groups) +
                           " work-groups: the work-items must cover every element, the NDRange be whole "
                           "work-groups holding them, and the groups be NDRange / local");

    kernel.setArg(2, scale);
    kernel.setArg(3, static_cast<cl_uint>(n));
    return launch(kernel, h_in, std::move(result), repeats);
}

ScaleResult Coarsening::runPlain(const std::vector<float>& h_in, float scale, std::size_t local,
                                 const hoc::Repeats& repeats)
{
    const std::size_t n = h_in.size();
    if (n == 0 || n > kMaxElements)
        throw hoc::Failure("coarsening: " + std::to_string(n) + " elements; need 1 to 2^30");
    cl::Kernel kernel(programFor(1), "scale");
    ScaleResult result;
    result.local = local != 0 ? local : hoc::localSize(kernel, device_, 256);
    hoc::requireWorkGroupSize(kernel, device_, result.local, "--local " + std::to_string(result.local));
    result.launch.workItems = n;
    result.launch.global = hoc::roundUp(n, result.local);
    result.launch.groups = result.launch.global / result.local;
    kernel.setArg(2, scale);
    kernel.setArg(3, static_cast<cl_uint>(n));
    return launch(kernel, h_in, std::move(result), repeats);
}

// Steps 3 to 5 for either kernel, its scale and n already set (arguments 2 and 3).
ScaleResult Coarsening::launch(cl::Kernel& kernel, const std::vector<float>& h_in, ScaleResult result,
                               const hoc::Repeats& repeats)
{
    const std::size_t n = h_in.size();
    const Launch& l = result.launch;
    // 3. Memory.
    cl::Buffer d_in(queue_, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * n);
    queue_.enqueueFillBuffer(d_out, 0.0f, 0, sizeof(float) * n);  // an element never written reads 0

    // 4. Kernel arguments: the buffers (scale and n are set).
    kernel.setArg(0, d_in);
    kernel.setArg(1, d_out);

    // 5. Commands: the kernel, timed, then the result back.
    result.seconds = hoc::medianSeconds(repeats, [&] {
        cl::Event done;
        queue_.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(l.global), cl::NDRange(result.local), nullptr,
                                    &done);
        return hoc::EventSpan{done, done};
    });
    result.out.resize(n);
    cl::copy(queue_, d_out, result.out.begin(), result.out.end());
    return result;
}
