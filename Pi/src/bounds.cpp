#include "hoc/pi/bounds.hpp"

#include <algorithm>
#include <cmath>

#include "hoc/common/check.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/pi/reference.hpp"

namespace hoc::pi {

double floatSumBound(std::uint64_t additions)
{
    // Each term within 8 u of 4 / (1 + x^2), then (1 + u)^n - 1 from its additions, on a sum of terms
    // whose exact total is below 3.25 / h; multiplying by h (in double on the host) leaves 3.25.
    return hoc::floatSumBound(additions, 3.25, 8 * std::ldexp(1.0, -24));
}

std::uint64_t floatAdditions(std::uint64_t stepsPerItem, std::uint64_t workGroupSize, Summation summation)
{
    if (summation == Summation::FloatLoop)
        return stepsPerItem + workGroupSize;
    return stepsPerItem + hoc::treeAdditions(workGroupSize);
}

double allowedError(std::uint64_t stepsPerItem, std::uint64_t workGroupSize, Summation summation)
{
    return summation == Summation::Compensated ? kTarget
                                               : floatSumBound(floatAdditions(stepsPerItem, workGroupSize, summation));
}

void requireDecisive(const cl::Device& device, const std::string& design, Summation summation, std::uint64_t nsteps,
                     std::uint64_t local, std::uint64_t iters)
{
    if (summation == Summation::Compensated)
        return;
    const std::uint64_t perItem = iters ? iters : kSlidesStepsPerItem;
    const std::uint64_t itemSteps = std::min<std::uint64_t>(perItem, nsteps);
    const std::uint64_t groupItems = local ? local : device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    hoc::requireDecisiveBound(
        floatSumBound(floatAdditions(itemSteps, groupItems, summation)), M_PI,
        "pi, " + design + " design, " + stepsText(nsteps) + ", up to " + std::to_string(itemSteps) +
            " steps per work-item in work-groups of up to " + std::to_string(groupItems),
        "narrow it with fewer steps per work-item (--iters), smaller work-groups (--local), or --design tree "
        "(compensated sums, held to 1e-6)");
    const double groups = std::ceil(static_cast<double>(nsteps) /
                                    (static_cast<double>(groupItems) * static_cast<double>(perItem)));
    hoc::requireBuffers(device, sizeof(float) * groups, 1,
                        "pi, " + design + " design: the sums of " +
                            std::to_string(static_cast<unsigned long long>(groups)) + " work-groups");
}

}  // namespace hoc::pi
