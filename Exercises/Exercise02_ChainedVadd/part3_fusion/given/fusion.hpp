// Exercise 2, part 3: part 1's chain of three vadd calls against one fused kernel, on the same
// buffers, each timed from its profiling events (medians after a warm-up).
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

// Floats one element of F moves between global memory and the compute units, counted access by
// access as each version is written (a read of an input or of C or D, a write of C, D or F).
struct Traffic {
    double chain = 0;  // the three vadd calls together
    double fused = 0;  // one vadd_fused call
};

// Step 1 (fusion.cpp): your counts, before you measure.
Traffic trafficPerElement();

// Step 4 (fusion.cpp): your prediction, before you run: the fused kernel's time as a fraction of the
// chain's, if both versions move floats at the same rate. 0: not made yet.
double fusedTimeFraction();

struct FusionRun {
    std::vector<float> f;  // F read back after the last run
    double seconds = 0;    // median device time of one run: first command's start to last one's end
};

class Fusion {
public:
    // Steps 1 to 3: context, profiling queue, vadd.cl and vadd_fused.cl built; the four inputs
    // copied to the device; C, D and F made there (F filled with 0, C and D with NaN). All inputs
    // have the same length, 1 to INT_MAX.
    Fusion(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
           const std::vector<float>& e, const std::vector<float>& g);

    // Steps 4 and 5, part 1's way (given): C = A + B, D = C + E, F = D + G, three vadd calls.
    FusionRun chain(const hoc::Repeats& repeats);
    // Steps 4 and 5 with one call of vadd_fused (fusion.cpp).
    FusionRun fused(const hoc::Repeats& repeats);

    // C then D as the device holds them (NaN until the chain writes them), for the tests: fused()
    // leaves them as they are.
    std::vector<float> partialSums();

private:
    // Times `run` (hoc::medianSecondsOrZero over the events it gives: its first command's and its last
    // one's), then reads F back. A run that gives no event enqueued nothing to time by: its time is 0.
    FusionRun timed(const hoc::Repeats& repeats, const std::function<hoc::EventSpan()>& run);
    // F copied back to the host, then set to 0 on the device, so that the next version's F starts
    // from nothing: a kernel that writes nothing leaves 0s.
    FusionRun readF(double seconds);

    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program chainProgram_;  // vadd.cl (Exercise 1's kernel)
    cl::Program fusedProgram_;  // vadd_fused.cl
    int count_ = 0;
    cl::Buffer d_a_, d_b_, d_e_, d_g_;  // the inputs
    cl::Buffer d_c_, d_d_;              // the chain's partial sums
    cl::Buffer d_f_;                    // the result of either version
    // One work-item per element, in whole work-groups: as a functor takes it (range_, with queue_)
    // and as enqueueNDRangeKernel does (global_ and local_; local_ is set first).
    cl::NDRange local_, global_;
    cl::EnqueueArgs range_;
};
