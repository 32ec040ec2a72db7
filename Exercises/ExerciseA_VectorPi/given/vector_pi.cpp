// Exercise A: the host program. It is Exercise 10's, with one change: the program is built from
// pi.cl (your Exercise 10 kernels) followed by pi_vector.cl, with the vector width as -D WIDTH=N.
#include "vector_pi.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "hoc/device.hpp"
#include "hoc/errors.hpp"
#include "hoc/limits.hpp"
#include "hoc/program.hpp"

VectorPiResult vectorPi(const cl::Device& device, const VectorPiOptions& options)
{
    const std::uint64_t nsteps = options.steps;
    const std::uint64_t width = options.width;
    if (nsteps == 0)
        throw hoc::Failure("pi needs at least one step");
    if (width != 1 && width != 2 && width != 4 && width != 8 && width != 16)
        throw hoc::Failure("vector width " + std::to_string(width) + ": OpenCL has float2, float4, float8 and float16");
    const hoc::Timer timer;

    // 1. Platform.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: width 1 is pi() from pi.cl alone; wider ones are pi_vector() from pi.cl + pi_vector.cl.
    std::string source = hoc::readKernelFile("pi.cl", HOC_KERNEL_DIRS);
    if (width > 1)
        source += "\n" + hoc::readKernelFile("pi_vector.cl", HOC_KERNEL_DIRS);
    cl::Program program = hoc::buildSource(context, device, source, width > 1 ? "pi.cl + pi_vector.cl" : "pi.cl",
                                           width > 1 ? "-D WIDTH=" + std::to_string(width) : "");
    cl::KernelFunctor<cl_ulong, cl_uint, float, cl::LocalSpaceArg, cl::Buffer> pi_kernel(
        program, width > 1 ? "pi_vector" : "pi");

    // Sizes as in Exercise 10's tree design, with each work-item's steps a multiple of the width.
    const cl::Kernel& kernel = pi_kernel.getKernel();
    const std::uint64_t maxLocal = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    const std::uint64_t units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::uint64_t local = options.workGroupSize ? options.workGroupSize : std::min<std::uint64_t>(maxLocal, 256);
    const auto ceilDiv = [](std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; };
    std::uint64_t groups = std::min(units * 32, ceilDiv(nsteps, local * 64));
    groups = std::max(groups, ceilDiv(nsteps, local << 23));  // at most 2^23 steps per work-item
    const std::uint64_t niters = hoc::roundUp(ceilDiv(nsteps, groups * local), width);
    groups = ceilDiv(nsteps, niters * local);  // rounding niters up may leave work-groups idle
    hoc::requireWorkGroupSize(kernel, device, local, "pi work-group size");
    hoc::requireLocalMemory(kernel, device, local * sizeof(float), "pi work-group size " + std::to_string(local));

    // 3. Memory: one float per work-group.
    cl::Buffer d_sums(context, CL_MEM_WRITE_ONLY, sizeof(float) * groups);

    // 4./5. Kernel and commands.
    const float step = static_cast<float>(1.0 / static_cast<double>(nsteps));
    const cl::EnqueueArgs range(queue, cl::NDRange(groups * local), cl::NDRange(local));
    VectorPiResult result;
    result.timing.kernel_s = hoc::medianSeconds(options.repeats, [&] {
        cl::Event done = pi_kernel(range, nsteps, static_cast<cl_uint>(niters), step,
                                   cl::Local(sizeof(float) * local), d_sums);
        return hoc::EventSpan{done, done};
    });

    std::vector<float> h_sums(groups);
    cl::copy(queue, d_sums, h_sums.begin(), h_sums.end());
    double sum = 0.0;
    for (const float group_sum : h_sums)
        sum += group_sum;
    result.pi = sum / static_cast<double>(nsteps);

    result.workGroups = groups;
    result.workGroupSize = local;
    result.stepsPerItem = niters;
    result.maxWorkGroupSize = maxLocal;
    result.timing.wall_s = timer.seconds();
    return result;
}
