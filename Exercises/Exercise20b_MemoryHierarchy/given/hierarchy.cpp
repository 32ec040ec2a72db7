// Exercise 20b: the host side of the two kernels of hierarchy.cl. Each runs in its own buffers, is
// timed by its profiling events and its result read back for the check; the lesson is local_read
// (strided_read's run is Measure's, hoc::runStrided).
#include "hierarchy.hpp"

#include <algorithm>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

std::vector<float> referenceLocal(const std::vector<float>& in, std::size_t local, int rounds)
{
    const std::size_t block = 4 * static_cast<std::size_t>(kTile), groups = in.size() / block;
    std::vector<float> out(groups * local);
    for (std::size_t g = 0; g < groups; ++g) {
        double sum = 0;
        for (std::size_t i = 0; i < block; ++i)
            sum += in[g * block + i];
        std::fill(out.begin() + static_cast<std::ptrdiff_t>(g * local),
                  out.begin() + static_cast<std::ptrdiff_t>((g + 1) * local), static_cast<float>(rounds * sum));
    }
    return out;
}

double LocalRun::localBytes() const
{
    return static_cast<double>(groups) * static_cast<double>(local) * rounds * kTile * 4 * sizeof(float);
}

Hierarchy::Hierarchy(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: hierarchy.cl, TILE set.
      program_(hoc::buildProgram(context_, device_, "hierarchy.cl", "-DTILE=" + std::to_string(kTile)))
{
}

std::size_t Hierarchy::maxLocal() const
{
    return cl::Kernel(program_, "local_read").getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
}

std::size_t Hierarchy::localMemoryBytes() const
{
    return static_cast<std::size_t>(
        cl::Kernel(program_, "local_read").getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device_));
}

LocalRun Hierarchy::local(const std::vector<float>& h_in, std::size_t local, int rounds, const hoc::Repeats& repeats)
{
    const std::size_t block = 4 * static_cast<std::size_t>(kTile);
    if (h_in.empty() || h_in.size() % block != 0 || h_in.size() > kMaxFloats)
        throw hoc::Failure("local_read: " + std::to_string(h_in.size()) + " floats; need a whole number of blocks of " +
                           std::to_string(block) + ", at most 2^30 floats");
    if (rounds < 1 || rounds > kMaxRounds)
        throw hoc::Failure("local_read: " + std::to_string(rounds) + " rounds; need 1 to " +
                           std::to_string(kMaxRounds));
    cl::Kernel kernel(program_, "local_read");
    LocalRun run;
    run.groups = h_in.size() / block;
    run.rounds = rounds;
    run.local = local != 0 ? local : hoc::localSize(kernel, device_, kTile);
    if (run.local > static_cast<std::size_t>(kTile))
        throw hoc::UsageError("--local " + std::to_string(run.local) + ": local_read's work-groups have at most " +
                              std::to_string(kTile) + " work-items (TILE, the float4s of a block)");
    hoc::requireWorkGroupSize(kernel, device_, run.local, "--local " + std::to_string(run.local));
    hoc::requireLocalMemory(kernel, device_, 0, "local_read");

    // 3. Memory: the blocks in, one float per work-item out (0 first: a work-item that writes nothing
    //    shows as 0).
    cl::Buffer d_in(queue_, h_in.begin(), h_in.end(), /*readOnly=*/true);
    const std::size_t global = run.groups * run.local;
    cl::Buffer d_out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * global);
    queue_.enqueueFillBuffer(d_out, 0.0f, 0, sizeof(float) * global);

    // 4. Kernel arguments.
    kernel.setArg(0, d_in);
    kernel.setArg(1, d_out);
    kernel.setArg(2, static_cast<cl_int>(rounds));

    // 5. Commands: one work-group per block, timed; then the sums back.
    run.seconds = hoc::medianSeconds(repeats, [&] {
        cl::Event done;
        queue_.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(run.local), nullptr, &done);
        return hoc::EventSpan{done, done};
    });
    run.out.resize(global);
    cl::copy(queue_, d_out, run.out.begin(), run.out.end());
    return run;
}

StridedRun Hierarchy::strided(const std::vector<float>& h_in, std::size_t stride, const hoc::Repeats& repeats)
{
    return hoc::runStrided(queue_, cl::Kernel(program_, "strided_read"), h_in, stride, kMaxFloats, repeats);
}
