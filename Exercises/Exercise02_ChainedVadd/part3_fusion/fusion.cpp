// Exercise 2, part 3: kernel fusion. The chain (given/fusion_chain.cpp) moves C and D through global
// memory; vadd_fused (vadd_fused.cl) keeps them in the work-item.
#include "fusion.hpp"

// Step 1: count before you measure. For one element of F, how many floats does each version read
// from or write to global memory? Count every access a kernel makes as it is written: an input read,
// a partial sum written by one call and read by the next, the result written.
Traffic trafficPerElement()
{
    Traffic traffic;
    // TODO: traffic.chain for the three vadd calls together, traffic.fused for one vadd_fused call.
    return traffic;
}

// Step 4 of the README: your prediction, worked out before you run the program (the tests check it).
double fusedTimeFraction()
{
    // TODO: the fused kernel's time over the chain's, if both move floats at the same rate (your
    //       counts of step 1 say how many floats each moves).
    return 0;
}

// Steps 4 and 5 with one kernel. chain() in given/fusion_chain.cpp shows the pattern with three.
FusionRun Fusion::fused(const hoc::Repeats& repeats)
{
    // TODO 4. Kernel: a cl::KernelFunctor for vadd_fused, built into fusedProgram_; its template
    //         arguments are the kernel's parameter types, in vadd_fused.cl's order.
    return timed(repeats, [&] {
        // TODO 5. Commands: one call over range_; a run gives the events of its first and last
        //         commands, and the call's event is both.
        return hoc::EventSpan{};
    });
}
