// Exercise 16: the host program. A kernel leaves one partial sum per work-group; the host launches
// it again on those partial sums until a single value is left (003's "Solution: Kernel Decomposition":
// work-groups cannot wait for each other inside a kernel, but the next launch starts after this one ends).
// Reduction's constructor and Reduction::sum are the five steps of a host program; the arithmetic
// they need (the work-group size, the plan of the passes, the error bound's count of additions, the
// split of the time) is in the named functions before Reduction::sum.
#include "reduce.hpp"

#include <algorithm>
#include <numeric>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/names.hpp"
#include "hoc/common/program.hpp"

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

namespace {

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

// Rounds of a tree over `size` values: ceil(log2(size)).
std::uint64_t treeRounds(std::uint64_t size)
{
    std::uint64_t rounds = 0;
    while ((std::uint64_t{1} << rounds) < size)
        ++rounds;
    return rounds;
}

struct Pass {
    std::uint64_t n = 0;       // elements in
    std::uint64_t groups = 0;  // partial sums out
};

struct Plan {
    std::uint64_t local = 0;      // work-items per work-group
    std::vector<Pass> passes;     // in order; the last one leaves one value
    std::uint64_t additions = 0;  // the most float additions an element goes through, over all passes
};

// What the host needs to know about a kernel's shape.
struct Shape {
    std::uint64_t preferredLocal = 256;  // work-items per work-group unless told otherwise
    std::uint64_t perItem = 1;           // elements a work-item adds before the tree (steps 1 to 4)
    bool loops = false;                  // a fixed number of work-groups loops over the whole array (steps 5 to 7)
    std::uint64_t loadFloats = 1;        // loops: the fewest floats a work-item of the first pass gets
    std::uint64_t itemsPerUnit = 0;      // loops: work-items started per compute unit in the first pass, or
    std::uint64_t groupsPerUnit = 0;     //        work-groups started per compute unit, whatever their size
};

// Step 5 starts about 2048 work-items per compute unit, what a GPU keeps in flight to hide memory
// latency. Step 6 starts 1024, whose 16-byte loads keep as many bytes in flight with half the
// partial sums, in work-groups of 64. Step 7 starts a few work-groups per compute unit (a core, on
// a CPU), of one work-item unless told otherwise, each with a long run of the array (README).
Shape shapeOf(ReduceKernel which)
{
    switch (which) {
    case ReduceKernel::FirstAdd: return {256, 2, false, 1, 0};
    case ReduceKernel::PerItem: return {256, kPerItem, false, 1, 0};
    case ReduceKernel::TwoPass: return {256, 1, true, 1, 2048};
    case ReduceKernel::Float4: return {64, 1, true, 4, 1024};
    case ReduceKernel::Cpu: return {1, 1, true, kCpuRunFloats, 0, kCpuGroupsPerUnit};
    default: return {};
    }
}

// The work-group size: the one asked for, else the kernel's preferred size within its limit on this
// device; refused (with the reason) where the device or the kernel does not allow it.
std::uint64_t chooseWorkGroupSize(const cl::Kernel& kernel, const cl::Device& device, ReduceKernel which,
                                  std::size_t asked, std::uint64_t limit)
{
    const Shape shape = shapeOf(which);
    const std::uint64_t local = asked ? asked : std::min<std::uint64_t>(shape.preferredLocal, limit);
    hoc::requireWorkGroupSize(kernel, device, local, kernelName(which));
    hoc::requireLocalMemory(kernel, device, local * sizeof(float), kernelName(which));
    if (local == 1 && shape.perItem == 1 && !shape.loops)
        throw hoc::UsageError("--local 1: " + kernelName(which) +
                              " with work-groups of 1 would leave as many partial "
                              "sums as elements, and never finish; use work-groups of at least 2");
    return local;
}

// The most float additions an element goes through in one pass of n elements over `groups`
// work-groups of `local` (hoc::sumErrorBound's k): those of its work-item before the tree, then the tree.
std::uint64_t additionsInPass(ReduceKernel which, std::uint64_t n, std::uint64_t groups, std::uint64_t local)
{
    const Shape shape = shapeOf(which);
    std::uint64_t beforeTree = shape.perItem - 1;  // a work-item's own elements, added in turn
    if (shape.loops)
        beforeTree = ceilDiv(n, groups * local) - 1;
    if (which == ReduceKernel::Float4)
        // In a group of four float4s 2 additions, then one per float4 step of its lane of `mine`,
        // at most 3 to add the four lanes (dot() adds them in any order), and at most 3 for the
        // floats after the last whole float4.
        beforeTree = 2 + ceilDiv(n / 4, groups * local) + 3 + 3;
    if (which == ReduceKernel::Cpu) {
        // In its lane of sums[r], one per float16 of a run (a work-item's float16s over kCpuRuns)
        // and at most kCpuRuns - 1 left over; kCpuRuns to add the sums, 16 to add the lanes, then
        // at most one per float after the last float16.
        const std::uint64_t perItem = ceilDiv(n / 16, groups * local);
        beforeTree = perItem / kCpuRuns + (kCpuRuns - 1) + kCpuRuns + 16 + ceilDiv(n % 16, groups * local);
    }
    return beforeTree + treeRounds(local);
}

// The plan: each pass turns n elements into one partial sum per work-group, until one is left.
Plan planPasses(ReduceKernel which, std::uint64_t n, std::uint64_t local, std::uint64_t computeUnits)
{
    const Shape shape = shapeOf(which);
    Plan plan;
    plan.local = local;
    while (true) {
        Pass pass{n, ceilDiv(n, shape.perItem * local)};
        if (shape.loops) {  // enough work-groups to fill the device first, then one for the partial sums
            const std::uint64_t fill = shape.groupsPerUnit ? computeUnits * shape.groupsPerUnit
                                                           : ceilDiv(computeUnits * shape.itemsPerUnit, local);
            pass.groups = plan.passes.empty() ? std::min(fill, ceilDiv(n, shape.loadFloats * local)) : 1;
        }
        plan.additions += additionsInPass(which, pass.n, pass.groups, local);
        plan.passes.push_back(pass);
        if (pass.groups == 1)
            return plan;
        n = pass.groups;
    }
}

// Where the time of the median run went (of an even number of runs, the faster of the two middle
// ones): each pass's device time into r.passSeconds, and the rest of the run's span, from one
// pass's end to the next one's start (launching it), into r.betweenSeconds. `spans` are the timed
// runs' spans, the last spans.size() of `runs`.
void splitMedianRun(const std::vector<double>& spans, const std::vector<std::vector<cl::Event>>& runs, ReduceResult& r)
{
    std::vector<std::size_t> order(spans.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto middle = order.begin() + static_cast<std::ptrdiff_t>((order.size() - 1) / 2);
    std::nth_element(order.begin(), middle, order.end(),
                     [&](std::size_t a, std::size_t b) { return spans[a] < spans[b]; });
    r.betweenSeconds = spans[*middle];
    for (const cl::Event& pass : runs[runs.size() - spans.size() + *middle]) {
        r.passSeconds.push_back(hoc::eventSeconds(pass));
        r.betweenSeconds -= r.passSeconds.back();
    }
}

}  // namespace

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
    splitMedianRun(spans, runs, result);  // where the time went: the passes, and launching them
    result.passes = passes.size();
    result.additions = plan.additions;
    result.workGroupSize = local;
    return result;
}
