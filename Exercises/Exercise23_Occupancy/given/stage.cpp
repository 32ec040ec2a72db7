// Exercise 23: the given host code. The compute unit's documented limits, the kernel's footprint as
// the runtime reports it, and the measured kernel (occupancy.cl) built for each size of its array.
#include <algorithm>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"
#include "occupancy.hpp"

double occupancy(const ComputeUnitLimits& cu, const KernelFootprint& kernel, const Fit& fit)
{
    if (cu.workItems == 0)
        return 0;
    (void)kernel;
    return static_cast<double>(fit.groups * fit.slots) / static_cast<double>(cu.workItems);
}

std::vector<float> referenceStage(const std::vector<float>& in, std::size_t local)
{
    std::vector<float> out(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::size_t next = i - i % local + (i % local + 1) % local;  // the next one of its group, wrapped
        out[i] = in[i] + (next < in.size() ? in[next] : 0.0f);
    }
    return out;
}

Occupancy::Occupancy(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
}

StageRun Occupancy::run(const std::vector<float>& h_in, std::size_t localFloats, std::size_t local,
                        const hoc::Repeats& repeats)
{
    const std::size_t n = h_in.size();
    if (n == 0 || n > UINT32_MAX)
        throw hoc::Failure("occupancy: " + std::to_string(n) + " floats; need 1 to 2^32 - 1 (the kernel's uint)");
    if (local == 0 || localFloats < local)
        throw hoc::Failure("occupancy: an array of " + std::to_string(localFloats) + " floats for work-groups of " +
                           std::to_string(local) + "; it needs one float per work-item");
    const std::string what = "a __local array of " + std::to_string(localFloats) + " floats";
    hoc::requireLocalMemory(device_, sizeof(float) * localFloats, what);

    // 2. Program: the array's size is a build option; NVIDIA's compiler prints its register count
    //    into the build log when asked (-cl-nv-verbose, extension cl_nv_compiler_options).
    //    Each size is built once per Occupancy (programs_ keeps them).
    auto built = programs_.find(localFloats);
    if (built == programs_.end()) {
        std::string options = "-D LOCAL_FLOATS=" + std::to_string(localFloats);
        if (hoc::hasExtension(device_, "cl_nv_compiler_options"))
            options += " -cl-nv-verbose";
        built = programs_.emplace(localFloats, hoc::buildProgram(context_, device_, "occupancy.cl", options)).first;
    }
    const cl::Program& program = built->second;
    cl::Kernel kernel(program, "stage");
    hoc::requireWorkGroupSize(kernel, device_, local, "work-groups of " + std::to_string(local));
    hoc::requireLocalMemory(kernel, device_, 0, what);

    StageRun result;
    result.footprint.workGroupSize = local;
    result.footprint.maxWorkGroupSize = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
    result.footprint.multiple = kernel.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(device_);
    result.footprint.localBytes = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device_);
    result.footprint.privateBytes = kernel.getWorkGroupInfo<CL_KERNEL_PRIVATE_MEM_SIZE>(device_);
    result.footprint.registersPerWorkItem = hoc::registersFromBuildLog(
        program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_));

    // 3. Memory.
    cl::Buffer d_in(queue_, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * n);

    // 4./5. Kernel and commands.
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl_uint> stage(kernel);
    const cl::NDRange global(hoc::roundUp(n, local));
    result.seconds = hoc::medianSeconds(repeats, [&] {
        cl::Event done = stage(cl::EnqueueArgs(queue_, global, cl::NDRange(local)), d_in, d_out,
                               static_cast<cl_uint>(n));
        return hoc::EventSpan{done, done};
    });
    result.out.resize(n);
    cl::copy(queue_, d_out, result.out.begin(), result.out.end());
    return result;
}
