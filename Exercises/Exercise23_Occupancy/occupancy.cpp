// Exercise 23, the lesson: how many work-groups of a kernel one compute unit holds at once.
#include "occupancy.hpp"

Fit fitPerComputeUnit(const ComputeUnitLimits& cu, const KernelFootprint& kernel)
{
    Fit fit;
    (void)cu;
    (void)kernel;
    // TODO 1: a work-group is scheduled in whole units of kernel.multiple work-items (NVIDIA: warps
    //         of 32): how many of the compute unit's work-item slots does one work-group take
    //         (fit.slots; the table's occupancy is the resident work-groups' slots over cu.workItems)?
    // TODO 2: what each resource allows on its own, where both sides are known (not 0):
    //           fit.byWorkItems    from cu.workItems
    //           fit.byWorkGroups   from cu.workGroups
    //           fit.byLocalMemory  from cu.localBytes, kernel.localBytes and cu.localReservedPerGroup
    //           fit.byRegisters    from cu.registers and kernel.registersPerWorkItem
    // TODO 3: fit.groups is the fewest of them, fit.limit the name of the resource that gives it
    //         ("work-items", "work-groups", "local memory", "registers": the first on a tie).
    return fit;
}

Prediction stepThreePrediction()
{
    Prediction prediction;
    // TODO 4 (step 3 of the README): your prediction for the H100, work-groups of 256, arrays of 1 to
    //         47 KiB. Work it out on paper from the README's table of limits (or with your
    //         fitPerComputeUnit) before you run the program, and fill in both answers.
    return prediction;
}
