// Exercise 20b: the host side of the two kernels of hierarchy.cl: the program built, and each kernel
// handed to its run in Measure (hoc::runLocal, hoc::runStrided: its own buffers, timed by profiling
// events, its result read back for the check). The lesson is the kernel local_read.
#include "hierarchy.hpp"

#include "hoc/common/program.hpp"

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
    return hoc::runLocal(queue_, cl::Kernel(program_, "local_read"), h_in, local, rounds, kMaxFloats, repeats);
}

StridedRun Hierarchy::strided(const std::vector<float>& h_in, std::size_t stride, const hoc::Repeats& repeats)
{
    return hoc::runStrided(queue_, cl::Kernel(program_, "strided_read"), h_in, stride, kMaxFloats, repeats);
}
