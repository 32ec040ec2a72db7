// Exercise 2, part 3: kernel fusion. The chain (given/fusion_chain.cpp) moves C and D through global
// memory; vadd_fused (vadd_fused.cl) keeps them in the work-item.
#include "fusion.hpp"

// Step 1: count before you measure. For one element of F, how many floats does each version read
// from or write to global memory? Count every access a kernel makes as it is written: an input read,
// a partial sum written by one call and read by the next, the result written.
Traffic trafficPerElement()
{
    Traffic traffic;
    traffic.chain = 3 * (2 + 1);  // each vadd call reads two floats and writes one
    traffic.fused = 4 + 1;        // A, B, E and G read once, F written once
    return traffic;
}

// Step 4: at one rate, a version's time is proportional to the floats it moves.
double fusedTimeFraction()
{
    const Traffic moved = trafficPerElement();
    return moved.fused / moved.chain;
}

// Steps 4 and 5 with one kernel. chain() in given/fusion_chain.cpp shows the pattern with three.
FusionRun Fusion::fused(const hoc::Repeats& repeats)
{
    // 4. Kernel: vadd_fused, with its six arguments.
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, cl::Buffer, cl::Buffer, int> vaddFused(fusedProgram_,
                                                                                                 "vadd_fused");
    return timed(repeats, [&] {
        // 5. Commands: one call is the whole run.
        cl::Event done = vaddFused(range_, d_a_, d_b_, d_e_, d_g_, d_f_, count_);  // F = ((A + B) + E) + G
        return hoc::EventSpan{done, done};
    });
}
