// Exercise 22: work-item divergence. The same elements computed by a kernel whose branch splits every
// warp (divergent) and by one whose branch is taken by blocks of `span` work-items (grouped).
#pragma once

#include <cstddef>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/divergence.hpp"

// The largest vector the kernels index (a uint, and e = 2 * (...) + 1 must not wrap): 2^30.
constexpr std::size_t kMaxElements = std::size_t{1} << 30;
// The largest span: blocks of up to 2^16 work-items.
constexpr std::size_t kMaxSpan = std::size_t{1} << 16;

// The serial reference is Measure's: element e is path_a(in[e]) for even e, path_b(in[e]) for odd e,
// exactly as divergence.cl computes them (fma only, so the results are equal to the last bit).
using hoc::pathA, hoc::pathB, hoc::referencePaths;

struct PathsResult {
    std::vector<float> out;
    std::size_t local = 0;   // the work-group size that ran
    std::size_t global = 0;  // the NDRange
    double seconds = 0;      // median kernel time (profiling events)
};

class Divergence {
public:
    // Steps 1 and 2: context, profiling queue, divergence.cl built.
    explicit Divergence(const cl::Device& device);

    // Steps 3 to 5 with the divergent kernel (span 0) or the grouped one (span >= 1), in work-groups
    // of `local` work-items (0: 256, or the kernel's
    // CL_KERNEL_WORK_GROUP_SIZE where that is less).
    PathsResult run(const std::vector<float>& in, unsigned steps, std::size_t span, std::size_t local = 0,
                    const hoc::Repeats& repeats = {0, 1});

    // CL_KERNEL_WORK_GROUP_SIZE of the divergent (span 0) or grouped kernel on this device.
    std::size_t maxWorkGroupSize(std::size_t span) const;

    // Step 3's prediction, STEP3_SPAN of divergence.cl, as its kernel step3_prediction reports it
    // (0: not made yet).
    std::size_t stepThreePrediction();

    // A kernel as built, with the context and queue, for a test that enqueues it itself.
    cl::Kernel kernel(const char* name) const { return cl::Kernel(program_, name); }
    const cl::Context& context() const { return context_; }
    cl::CommandQueue& queue() { return queue_; }

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};
