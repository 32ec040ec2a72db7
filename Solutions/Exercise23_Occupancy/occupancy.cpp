// Exercise 23, the lesson: how many work-groups of a kernel one compute unit holds at once.
#include "occupancy.hpp"

#include <algorithm>

Fit fitPerComputeUnit(const ComputeUnitLimits& cu, const KernelFootprint& kernel)
{
    Fit fit;
    if (kernel.workGroupSize == 0)
        return fit;
    // A work-group is scheduled in whole units of `multiple` work-items (NVIDIA: warps of 32), so
    // 100 work-items take 128 of the compute unit's work-item slots.
    const std::size_t multiple = std::max<std::size_t>(kernel.multiple, 1);
    const std::size_t slots = (kernel.workGroupSize + multiple - 1) / multiple * multiple;
    fit.slots = slots;

    // What each resource allows on its own (004 section 4.11: "Limits active work-groups to 32",
    // "Limits work-groups to 8 (= 2048/256)"); a figure that is not known limits nothing.
    if (cu.workItems != 0)
        fit.byWorkItems = cu.workItems / slots;
    if (cu.workGroups != 0)
        fit.byWorkGroups = cu.workGroups;
    const std::size_t localPerGroup = kernel.localBytes + cu.localReservedPerGroup;
    if (cu.localBytes != 0 && localPerGroup != 0)
        fit.byLocalMemory = cu.localBytes / localPerGroup;
    if (cu.registers != 0 && kernel.registersPerWorkItem != 0)
        fit.byRegisters = cu.registers / (kernel.registersPerWorkItem * slots);

    // The fewest wins: the resource that runs out first stops the next work-group.
    const std::pair<const std::optional<std::size_t>*, const char*> limits[] = {{&fit.byWorkItems, "work-items"},
                                                                                {&fit.byWorkGroups, "work-groups"},
                                                                                {&fit.byLocalMemory, "local memory"},
                                                                                {&fit.byRegisters, "registers"}};
    for (const auto& [allows, name] : limits)
        if (*allows && (fit.limit.empty() || **allows < fit.groups)) {
            fit.groups = **allows;
            fit.limit = name;
        }
    return fit;
}

Prediction stepThreePrediction()
{
    // 228 KiB per compute unit, each work-group of 256 taking its array + 4 bytes + the runtime's
    // 1 KiB: 8 groups (what the 2048 slots allow) need at most 233472 / 8 = 29184 bytes each, so a
    // 27 KiB array (28676 bytes) still fits 8 and a 28 KiB one (29700) only 7. At 47 KiB, 233472 /
    // 49156 = 4 groups of 256: 1024 of the 2048 slots.
    return Prediction{28, 0.5};
}
