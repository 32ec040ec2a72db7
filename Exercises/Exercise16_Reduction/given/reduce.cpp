// Exercise 16: the host program. A kernel leaves one partial sum per work-group; the host launches
// it again on those partial sums until a single value is left (003's "Solution: Kernel Decomposition":
// work-groups cannot wait for each other inside a kernel, but the next launch starts after this one ends).
// Reduction's constructor and Reduction::sum are the five steps of a host program; the arithmetic
// they need (the work-group size, the plan of the passes) is in reduce_plan.cpp.
#include "reduce.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/names.hpp"
#include "hoc/common/program.hpp"
#include "reduce_plan.hpp"

const std::vector<ReduceKernel>& reduceKernels()
{
    static const std::vector<ReduceKernel> all = {
        ReduceKernel::Interleaved, ReduceKernel::Sequential, ReduceKernel::FirstAdd, ReduceKernel::PerItem,
        ReduceKernel::TwoPass,     ReduceKernel::Float4,     ReduceKernel::Cpu};
    return all;
}

std::string kernelName(ReduceKernel kernel)
{
    static const hoc::Names<ReduceKernel> names{
        {ReduceKernel::Interleaved, "reduce_interleaved"},
        {ReduceKernel::Sequential, "reduce_sequential"},
        {ReduceKernel::FirstAdd, "reduce_first_add"},
        {ReduceKernel::PerItem, "reduce_per_item"},
        {ReduceKernel::TwoPass, "reduce_two_pass"},
        {ReduceKernel::Float4, "reduce_float4"},
        {ReduceKernel::Cpu, "reduce_cpu"},
    };
    return names(kernel);
}

std::string shortName(ReduceKernel kernel)
{
    static const hoc::Names<ReduceKernel> names{
        {ReduceKernel::Interleaved, "interleaved"}, {ReduceKernel::Sequential, "sequential"},
        {ReduceKernel::FirstAdd, "first add"},      {ReduceKernel::PerItem, std::to_string(kPerItem) + " per item"},
        {ReduceKernel::TwoPass, "two-pass"},        {ReduceKernel::Float4, "float4 loads"},
        {ReduceKernel::Cpu, "CPU-shaped"},
    };
    return names(kernel);
}

ReduceKernel kernelFor(const cl::Device& device)
{
    // A CPU as the "Device:" line names it (a device that is also a GPU, as oclgrind's is, is a GPU).
    return hoc::deviceTypeName(device.getInfo<CL_DEVICE_TYPE>()) == "CPU" ? ReduceKernel::Cpu : ReduceKernel::Float4;
}

Reduction::Reduction(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: all the kernels of reduce.cl, with step 4's elements per work-item and step 7's
      //    runs per work-item fixed at build time.
      program_(
          hoc::buildProgram(context_, device, "reduce.cl",
                            "-D PER_ITEM=" + std::to_string(kPerItem) + " -D CPU_RUNS=" + std::to_string(kCpuRuns)))
{
}

const cl::Kernel& Reduction::kernel(ReduceKernel which)
{
    auto found = kernels_.find(which);
    if (found == kernels_.end())
        found = kernels_.emplace(which, cl::Kernel(program_, kernelName(which).c_str())).first;
    return found->second;
}

std::uint64_t Reduction::additions(std::uint64_t n, ReduceKernel which, const ReduceOptions& options)
{
    if (n == 0)
        return 0;
    const std::size_t limit = kernel(which).getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
    const std::uint64_t local = chooseWorkGroupSize(kernel(which), device_, which, options.workGroupSize, limit);
    return planPasses(which, n, local, device_.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()).additions;
}

ReduceResult Reduction::sum(const std::vector<float>& h_data, ReduceKernel which, const ReduceOptions& options)
{
    if (h_data.empty())
        throw hoc::Failure("reduction: there is nothing to sum (0 elements)");
    ReduceResult result;
    // The plan: the work-group size within the kernel's limit on this device, and the passes.
    result.maxWorkGroupSize = kernel(which).getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
    const std::uint64_t local = chooseWorkGroupSize(kernel(which), device_, which, options.workGroupSize,
                                                    result.maxWorkGroupSize);
    const Plan plan = planPasses(which, h_data.size(), local, device_.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
    const std::vector<Pass>& passes = plan.passes;

    // 3. Memory: the input, and two buffers for partial sums that the passes take turns writing.
    cl::Buffer d_in(queue_, h_data.begin(), h_data.end(), /*readOnly=*/true);
    cl::Buffer d_partial[2] = {cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * passes[0].groups),
                               cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * passes[0].groups)};

    // 4. Kernel: a functor whose argument types match the kernels' parameters (all steps share them).
    cl::KernelFunctor<cl::Buffer, cl_ulong, cl::LocalSpaceArg, cl::Buffer> reduce(kernel(which));

    // 5. Commands: the passes one after another in the in-order queue, each reading what the one
    //    before wrote; then the one value left is read back.
    std::vector<std::vector<cl::Event>> runs;  // each run's passes (warm-ups first), for the time of each pass
    const std::vector<double> spans = hoc::runSeconds(options.repeats, [&] {
        std::vector<cl::Event>& done = runs.emplace_back();
        for (std::size_t k = 0; k < passes.size(); ++k) {
            const cl::Buffer& in = k == 0 ? d_in : d_partial[(k - 1) % 2];
            const cl::EnqueueArgs range(queue_, cl::NDRange(passes[k].groups * local), cl::NDRange(local));
            done.push_back(reduce(range, in, passes[k].n, cl::Local(sizeof(float) * local), d_partial[k % 2]));
        }
        return hoc::EventSpan{done.front(), done.back()};
    });
    queue_.enqueueReadBuffer(d_partial[(passes.size() - 1) % 2], CL_TRUE, 0, sizeof(float), &result.sum);

    result.seconds = hoc::median(spans);
    const hoc::RunSplit split = hoc::splitMedianRun(spans, runs);  // the passes, and launching them
    result.passSeconds = split.commandSeconds;
    result.betweenSeconds = split.betweenSeconds;
    result.passes = passes.size();
    result.additions = plan.additions;
    result.workGroupSize = local;
    return result;
}
