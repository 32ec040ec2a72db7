// Exercise 16: the host program. A kernel leaves one partial sum per work-group; the host launches
// it again on those partial sums until a single value is left (the slides' "kernel decomposition":
// work-groups cannot wait for each other inside a kernel, but the next launch starts after this one ends).
#include "reduce.hpp"

#include <algorithm>
#include <numeric>

#include "hoc/device.hpp"
#include "hoc/errors.hpp"
#include "hoc/limits.hpp"
#include "hoc/program.hpp"

const std::vector<ReduceKernel>& reduceKernels()
{
    static const std::vector<ReduceKernel> all = {ReduceKernel::Interleaved, ReduceKernel::Sequential,
                                                  ReduceKernel::FirstAdd, ReduceKernel::PerItem, ReduceKernel::TwoPass,
                                                  ReduceKernel::Float4};
    return all;
}

std::string kernelName(ReduceKernel kernel)
{
    switch (kernel) {
    case ReduceKernel::Interleaved: return "reduce_interleaved";
    case ReduceKernel::Sequential: return "reduce_sequential";
    case ReduceKernel::FirstAdd: return "reduce_first_add";
    case ReduceKernel::PerItem: return "reduce_per_item";
    case ReduceKernel::TwoPass: return "reduce_two_pass";
    case ReduceKernel::Float4: return "reduce_float4";
    }
    return "";
}

std::string shortName(ReduceKernel kernel)
{
    switch (kernel) {
    case ReduceKernel::Interleaved: return "interleaved";
    case ReduceKernel::Sequential: return "sequential";
    case ReduceKernel::FirstAdd: return "first add";
    case ReduceKernel::PerItem: return std::to_string(kPerItem) + " per item";
    case ReduceKernel::TwoPass: return "two-pass";
    case ReduceKernel::Float4: return "float4 loads";
    }
    return "";
}

Reduction::Reduction(const cl::Device& device)
    : device_(device),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device),
      queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: all six kernels, with step 4's elements per work-item fixed at build time.
      program_(hoc::buildProgram(context_, device, "reduce.cl", "-D PER_ITEM=" + std::to_string(kPerItem)))
{
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

// Where the time of the median run went (of an even number of runs, the faster of the two middle
// ones): each pass's device time into r.passSeconds, and the rest of the run's span, from one
// pass's end to the next one's start (launching it), into r.betweenSeconds. `spans` are the timed
// runs' spans, the last spans.size() of `runs`.
void splitMedianRun(const std::vector<double>& spans, const std::vector<std::vector<cl::Event>>& runs,
                    ReduceResult& r)
{
    std::vector<std::size_t> order(spans.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto middle = order.begin() + static_cast<std::ptrdiff_t>((order.size() - 1) / 2);
    std::nth_element(order.begin(), middle, order.end(), [&](std::size_t a, std::size_t b) { return spans[a] < spans[b]; });
    r.betweenSeconds = spans[*middle];
    for (const cl::Event& pass : runs[runs.size() - spans.size() + *middle]) {
        r.passSeconds.push_back(hoc::eventSeconds(pass));
        r.betweenSeconds -= r.passSeconds.back();
    }
}

}  // namespace

ReduceResult Reduction::sum(const std::vector<float>& h_data, ReduceKernel which, const ReduceOptions& options)
{
    if (h_data.empty())
        throw hoc::Failure("reduction: there is nothing to sum (0 elements)");
    ReduceResult result;
    cl::KernelFunctor<cl::Buffer, cl_ulong, cl::LocalSpaceArg, cl::Buffer> reduce(program_, kernelName(which));

    // Sizes: a work-group of 256 (64 for step 6) unless the kernel allows less; how many elements a work-item adds.
    const cl::Kernel& kernel = reduce.getKernel();
    result.maxWorkGroupSize = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
    // Step 6 in work-groups of 64: measured on the H100 at 2^26, 2749 GB/s against 2737 with 128 and
    // 2709 with 256 (2048 work-items per unit; with 1024, below, the three are within the noise);
    // step 5 was fastest with 256 (2693 GB/s, against 2631 with 64). README, "Measured".
    const std::uint64_t preferred = which == ReduceKernel::Float4 ? 64 : 256;
    const std::uint64_t local =
        options.workGroupSize ? options.workGroupSize : std::min<std::uint64_t>(preferred, result.maxWorkGroupSize);
    hoc::requireWorkGroupSize(kernel, device_, local, kernelName(which));
    hoc::requireLocalMemory(kernel, device_, local * sizeof(float), kernelName(which));
    const std::uint64_t perItem = which == ReduceKernel::FirstAdd ? 2 : which == ReduceKernel::PerItem ? kPerItem : 1;
    // Steps 5 and 6 loop over the whole array with a fixed number of work-groups (step 6 four floats at a time).
    const bool loops = which == ReduceKernel::TwoPass || which == ReduceKernel::Float4;
    const std::uint64_t loadFloats = which == ReduceKernel::Float4 ? 4 : 1;
    if (local == 1 && perItem == 1 && !loops)
        throw hoc::UsageError("--local 1: " + kernelName(which) + " with work-groups of 1 would leave as many partial "
                              "sums as elements, and never finish; use work-groups of at least 2");
    // Step 5: enough work-groups for about 2048 work-items per compute unit (what a GPU keeps in
    // flight to hide memory latency), for the first pass only; one work-group for the second.
    // Step 6: 1024 per unit, whose four 16-byte loads each keep twice step 5's bytes in flight, and
    // half as many partial sums for the second pass (H100, 2^26: 2752-2774 GB/s against 2724-2752
    // with 2048, interleaved; README, "Where the missing points go").
    const std::uint64_t units = device_.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::uint64_t itemsPerUnit = which == ReduceKernel::Float4 ? 1024 : 2048;
    const std::uint64_t fillGroups = ceilDiv(units * itemsPerUnit, local);

    // Plan the passes: each turns n elements into one partial sum per work-group.
    std::vector<Pass> passes;
    for (std::uint64_t n = h_data.size();;) {
        Pass pass{n, ceilDiv(n, perItem * local)};
        std::uint64_t eachAdds = perItem;
        if (loops) {
            pass.groups = passes.empty() ? std::min(fillGroups, ceilDiv(n, loadFloats * local)) : 1;
            eachAdds = ceilDiv(n, pass.groups * local);
        }
        if (which == ReduceKernel::Float4)
            // A float goes through 2 additions in its group of four float4s, at most one per float4
            // the work-item reads (the steps of its lane of `mine`), at most 3 to add the four lanes
            // (dot() adds them in any order), and at most 3 for the floats after the last whole
            // float4 (eachAdds counts one more than that).
            eachAdds = 2 + ceilDiv(n / 4, pass.groups * local) + 3 + 3 + 1;
        result.additions += (eachAdds - 1) + treeRounds(local);
        passes.push_back(pass);
        if (pass.groups == 1)
            break;
        n = pass.groups;
    }

    // 3. Memory: the input, and two buffers for partial sums that the passes take turns writing.
    cl::Buffer d_in(queue_, h_data.begin(), h_data.end(), /*readOnly=*/true);
    cl::Buffer d_partial[2] = {cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * passes[0].groups),
                               cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * passes[0].groups)};

    // 4./5. Kernel and commands: the passes one after another in the in-order queue, each reading
    //    what the one before wrote.
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
    result.workGroupSize = local;
    return result;
}
