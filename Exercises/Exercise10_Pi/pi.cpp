// Exercise 10: the host program. Each work-item integrates many steps; each work-group reduces its
// work-items' sums in local memory; the host adds the work-groups' sums.
#include "pi.hpp"

#include <algorithm>
#include <vector>

#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/names.hpp"
#include "hoc/common/program.hpp"

namespace {

struct Sizes {
    std::uint64_t groups = 0, local = 0, niters = 0;
    std::uint64_t maxLocal = 0;  // the largest work-group the kernel allows on the device
};

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

// The slides' rule: work-groups as large as the kernel allows, 262144 steps per work-item, as many
// work-groups as that takes; with too few steps for one work-group, one per compute unit instead,
// each made just large enough.
Sizes slidesSizes(std::uint64_t nsteps, std::uint64_t maxLocal, std::uint64_t units, const PiOptions& options)
{
    Sizes s;
    s.local = options.workGroupSize ? options.workGroupSize : maxLocal;
    s.niters = options.stepsPerItem ? options.stepsPerItem : 262144;
    if (nsteps < s.local * s.niters && options.workGroupSize == 0) {
        s.groups = units;
        s.local = std::clamp<std::uint64_t>(ceilDiv(nsteps, units * s.niters), 1, maxLocal);
    } else {
        s.groups = ceilDiv(nsteps, s.local * s.niters);
    }
    s.niters = ceilDiv(nsteps, s.groups * s.local);  // cover every step exactly once
    return s;
}

// Fill the device: 32 work-groups per compute unit (enough for a GPU to hide latency, plenty for a
// CPU's threads), fewer for small step counts so a work-item has at least 64 steps, more for huge
// ones so a work-item has at most 2^23 steps (j + 0.5 stays exact in a float).
Sizes deviceFillingSizes(std::uint64_t nsteps, std::uint64_t maxLocal, std::uint64_t units, const PiOptions& options)
{
    Sizes s;
    s.local = options.workGroupSize ? options.workGroupSize : std::min<std::uint64_t>(maxLocal, 256);
    s.groups = std::min(units * 32, ceilDiv(nsteps, s.local * 64));
    s.groups = std::max(s.groups, ceilDiv(nsteps, s.local << 23));
    s.niters = ceilDiv(nsteps, s.groups * s.local);
    return s;
}

// The kernel of each step of pi.cl.
std::string kernelName(PiDesign design)
{
    static const hoc::Names<PiDesign> names{
        {PiDesign::Simple, "pi_simple"},
        {PiDesign::SimpleTree, "pi_simple_tree"},
        {PiDesign::CountedX, "pi_counted_x"},
        {PiDesign::Tree, "pi"},
    };
    return names(design);
}

// How `kernel` is run for nsteps steps on `device`: the kernel says how large its work-groups may
// be, the device how many compute units it has. Steps 1-3 share the slides' sizes, so that they
// differ in the kernel only. Refused (with the reason) where the kernel or the device does not
// allow them.
Sizes workSizes(const cl::Kernel& kernel, const cl::Device& device, std::uint64_t nsteps, const PiOptions& options)
{
    const std::uint64_t maxLocal = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    const std::uint64_t units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    Sizes s = options.design == PiDesign::Tree ? deviceFillingSizes(nsteps, maxLocal, units, options)
                                               : slidesSizes(nsteps, maxLocal, units, options);
    s.maxLocal = maxLocal;
    hoc::requireWorkGroupSize(kernel, device, s.local, "pi work-group size");
    hoc::requireLocalMemory(kernel, device, s.local * sizeof(float), "pi work-group size " + std::to_string(s.local));
    if (s.niters > UINT32_MAX)
        throw hoc::Failure("pi: " + std::to_string(s.niters) + " steps per work-item do not fit the kernel's uint");
    return s;
}

}  // namespace

PiResult pi(const cl::Device& device, const PiOptions& options)
{
    const std::uint64_t nsteps = options.steps;
    if (nsteps == 0)
        throw hoc::Failure("pi needs at least one step");
    const hoc::Timer timer;

    // 1. Platform: a context for the device and a queue that records when commands run.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: pi.cl holds the four steps' kernels; they take the same arguments.
    cl::Program program = hoc::buildProgram(context, device, "pi.cl");

    // 3. Memory: one float per work-group for its sum. How many work-groups, and how large, depends
    //    on what the step's kernel allows on this device (workSizes, above).
    const cl::Kernel kernel(program, kernelName(options.design).c_str());
    const Sizes s = workSizes(kernel, device, nsteps, options);
    //    TODO: a buffer with one float per work-group (s.groups of them), for their sums.

    // 4. Kernel: the step's kernel as a functor (the same arguments in every step).
    cl::KernelFunctor<cl_ulong, cl_uint, float, cl::LocalSpaceArg, cl::Buffer> pi_kernel(kernel);
    //    TODO: the range, s.groups * s.local work-items in work-groups of s.local, and the step width
    //    as a float.

    // 5. Commands: TODO run pi_kernel with a float of local memory per work-item (cl::Local), the
    //    step width and the buffer. Time it as Exercise 1 does, or repeat it with hoc::medianSeconds
    //    (see hoc/common/timing.hpp) to honour options.repeats; store the time in result.timing.kernel_s.
    //    Then copy the work-groups' sums back, add them in double, and divide by nsteps (multiply by
    //    the step width) into result.pi.
    PiResult result;

    result.workGroups = s.groups;
    result.workGroupSize = s.local;
    result.stepsPerItem = s.niters;
    result.maxWorkGroupSize = s.maxLocal;
    result.timing.wall_s = timer.seconds();
    return result;
}
