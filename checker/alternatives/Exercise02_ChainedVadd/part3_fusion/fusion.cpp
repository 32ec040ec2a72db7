// Exercise 2, part 3, another shape: the counts as sums over the accesses, and the kernel called
// through cl::Kernel and enqueueNDRangeKernel instead of a functor.
#include "fusion.hpp"

Traffic trafficPerElement()
{
    const double readsPerVadd = 2, writesPerVadd = 1, calls = 3;
    Traffic traffic;
    traffic.chain = calls * (readsPerVadd + writesPerVadd);
    const double inputs = 4, outputs = 1;
    traffic.fused = inputs + outputs;
    return traffic;
}

double fusedTimeFraction()
{
    const double chainFloats = 9, fusedFloats = 5;  // step 1's counts
    const double rate = 1e9;                        // floats per second, the same for both: it cancels
    return (fusedFloats / rate) / (chainFloats / rate);
}

FusionRun Fusion::fused(const hoc::Repeats& repeats)
{
    cl::Kernel kernel(fusedProgram_, "vadd_fused");
    const cl::Buffer* buffers[] = {&d_a_, &d_b_, &d_e_, &d_g_, &d_f_};
    for (cl_uint arg = 0; arg < 5; ++arg)
        kernel.setArg(arg, *buffers[arg]);
    kernel.setArg(5, count_);
    return timed(repeats, [&] {
        cl::Event event;
        queue_.enqueueNDRangeKernel(kernel, cl::NullRange, global_, local_, nullptr, &event);
        return hoc::EventSpan{event, event};
    });
}
