// Exercise 22, part 2: the host side: the three kernels over a 2D grid.
#include "warps2d.hpp"

#include <cstdint>

#include "divergence.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

Warps2d::Warps2d(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: the three kernels.
      program_(hoc::buildProgram(context_, device, "warps2d.cl"))
{
}

std::size_t Warps2d::preferredMultiple() const
{
    return cl::Kernel(program_, "by_warp").getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(device_);
}

GridRun Warps2d::run(Rule rule, const std::vector<float>& h_in, std::size_t width, std::size_t height,
                     const Shape& local, unsigned steps, std::size_t warp, const hoc::Repeats& repeats)
{
    if (width == 0 || height == 0 || h_in.size() != width * height || width * height > kMaxElements)
        throw hoc::Failure("warps2d: a grid of " + std::to_string(width) + "x" + std::to_string(height) + " with " +
                           std::to_string(h_in.size()) + " inputs; need 1 to 2^30 elements, one input each");
    if (warp == 0 || warp > UINT32_MAX)
        throw hoc::UsageError("warps2d: warps of " + std::to_string(warp) + " work-items; need 1 to 2^32 - 1");
    cl::Kernel kernel(program_, kernelName(rule));
    hoc::requireWorkGroupSize2D(kernel, device_, local.x, local.y,
                                "work-groups of " + local.text() + " (" + kernelName(rule) + ")");

    // 3. Memory: the input, and an output filled with 0 (an element never written reads 0).
    const std::size_t n = width * height;
    cl::Buffer d_in(queue_, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * n);
    queue_.enqueueFillBuffer(d_out, 0.0f, 0, sizeof(float) * n);

    // 4. Kernel arguments.
    kernel.setArg(0, d_in);
    kernel.setArg(1, d_out);
    kernel.setArg(2, static_cast<cl_uint>(width));
    kernel.setArg(3, static_cast<cl_uint>(height));
    kernel.setArg(4, static_cast<cl_uint>(steps));
    kernel.setArg(5, static_cast<cl_uint>(warp));

    // 5. Commands: the 2D NDRange rounded up to whole work-groups, timed; then the result back.
    const cl::NDRange global(hoc::roundUp(width, local.x), hoc::roundUp(height, local.y));
    GridRun result;
    result.seconds = hoc::medianSeconds(repeats, [&] {
        cl::Event done;
        queue_.enqueueNDRangeKernel(kernel, cl::NullRange, global, cl::NDRange(local.x, local.y), nullptr, &done);
        return hoc::EventSpan{done, done};
    });
    result.out.resize(n);
    cl::copy(queue_, d_out, result.out.begin(), result.out.end());
    return result;
}
