// Exercise A: the host program. It is Exercise 10's, with one change: the program is built from
// pi.cl (your Exercise 10 kernels) followed by pi_vector.cl, with the vector width as -D WIDTH=N.
#include "vector_pi.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

namespace {

struct Sizes {
    std::uint64_t groups = 0, local = 0, niters = 0;
    std::uint64_t maxLocal = 0;  // the largest work-group the kernel allows on the device
};

// Sizes as in Exercise 10's tree design, with each work-item's steps a multiple of the width.
// Refused (with the reason) where the kernel or the device does not allow them.
Sizes workSizes(const cl::Kernel& kernel, const cl::Device& device, const VectorPiOptions& options)
{
    const std::uint64_t nsteps = options.steps, width = options.width;
    Sizes s;
    s.maxLocal = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    const std::uint64_t units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    s.local = options.workGroupSize ? options.workGroupSize : std::min<std::uint64_t>(s.maxLocal, 256);
    const auto ceilDiv = [](std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; };
    s.groups = std::min(units * 32, ceilDiv(nsteps, s.local * 64));
    s.groups = std::max(s.groups, ceilDiv(nsteps, s.local << 23));  // at most 2^23 steps per work-item
    s.niters = hoc::roundUp(ceilDiv(nsteps, s.groups * s.local), width);
    s.groups = ceilDiv(nsteps, s.niters * s.local);  // rounding niters up may leave work-groups idle
    hoc::requireWorkGroupSize(kernel, device, s.local, "pi work-group size");
    hoc::requireLocalMemory(kernel, device, s.local * sizeof(float), "pi work-group size " + std::to_string(s.local));
    return s;
}

}  // namespace

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
        // #line: the build log's and oclgrind's line numbers then count from pi_vector.cl's first line.
        source += "\n#line 1 \"pi_vector.cl\"\n" + hoc::readKernelFile("pi_vector.cl", HOC_KERNEL_DIRS);
    cl::Program program = hoc::buildSource(context, device, source, width > 1 ? "pi.cl + pi_vector.cl" : "pi.cl",
                                           width > 1 ? "-D WIDTH=" + std::to_string(width) : "");

    // 3. Memory: one float per work-group for its sum. How many work-groups, and how large, depends
    //    on what the kernel allows on this device (workSizes, above).
    const cl::Kernel kernel(program, width > 1 ? "pi_vector" : "pi");
    const Sizes s = workSizes(kernel, device, options);
    cl::Buffer d_sums(context, CL_MEM_WRITE_ONLY, sizeof(float) * s.groups);

    // 4. Kernel: s.groups * s.local work-items, a float of local memory for each, the step width as a float.
    cl::KernelFunctor<cl_ulong, cl_uint, float, cl::LocalSpaceArg, cl::Buffer> pi_kernel(kernel);
    const float step = static_cast<float>(1.0 / static_cast<double>(nsteps));
    const cl::EnqueueArgs range(queue, cl::NDRange(s.groups * s.local), cl::NDRange(s.local));

    // 5. Commands: run it (the median of options.repeats runs), read the work-groups' sums back, and
    //    add them in double on the host.
    VectorPiResult result;
    result.timing.kernel_s = hoc::medianSeconds(options.repeats, [&] {
        cl::Event done = pi_kernel(range, nsteps, static_cast<cl_uint>(s.niters), step,
                                   cl::Local(sizeof(float) * s.local), d_sums);
        return hoc::EventSpan{done, done};
    });
    std::vector<float> h_sums(s.groups);
    cl::copy(queue, d_sums, h_sums.begin(), h_sums.end());
    double sum = 0.0;
    for (const float group_sum : h_sums)
        sum += group_sum;
    result.pi = sum / static_cast<double>(nsteps);

    result.workGroups = s.groups;
    result.workGroupSize = s.local;
    result.stepsPerItem = s.niters;
    result.maxWorkGroupSize = s.maxLocal;
    result.timing.wall_s = timer.seconds();
    return result;
}
