#include "reduce_plan.hpp"

#include <algorithm>

#include "hoc/common/errors.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/common/limits.hpp"

namespace {

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

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

// How its work-items add before the tree, for the error bound's count (hoc::passAdditions).
hoc::ItemSum itemSum(ReduceKernel which, const Shape& shape)
{
    if (which == ReduceKernel::Float4)
        return {0, 4, 1};
    if (which == ReduceKernel::Cpu)
        return {0, 16, kCpuRuns};
    return {shape.loops ? 0 : shape.perItem, 1, 1};
}

}  // namespace

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
        plan.additions += hoc::passAdditions(itemSum(which, shape), pass.n, pass.groups * local, local);
        plan.passes.push_back(pass);
        if (pass.groups == 1)
            return plan;
        n = pass.groups;
    }
}
