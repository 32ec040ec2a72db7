// Exercise 16b: coarsening. The same work, out[i] = scale * in[i] for every element (004's
// vectorScale), done by a kernel of one element per work-item and by one that gives each work-item
// `perItem` elements: 1, 2, 4, ... up to launches of a single work-group. Fewer work-items cost less to start; too few
// leave the device's compute units without work.
#pragma once

#include <cstddef>
#include <map>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

// The largest vector the kernel indexes: 2^30 elements (4 GiB each way).
constexpr std::size_t kMaxElements = std::size_t{1} << 30;

// One launch of the coarsened kernel.
struct Launch {
    std::size_t workItems = 0;  // the work-items that have elements to scale
    std::size_t global = 0;     // the NDRange: workItems rounded up to whole work-groups
    std::size_t groups = 0;     // global / local
};

// The lesson (coarsening.cpp): the launch for n elements, perItem elements per work-item, in
// work-groups of `local` work-items (004 §2.4's quiz: "What changes to ND-Range are necessary?").
Launch launchFor(std::size_t n, std::size_t perItem, std::size_t local);

// Step 5's prediction (coarsening.cpp), made before the run: for an NVIDIA H100 (132 compute units),
// 2^24 floats in work-groups of 256 and the factors 1, 2, 4, ..., the smallest factor whose launch
// has fewer work-groups than the device has compute units (0: not made yet).
std::size_t stepFivePrediction();

// The serial reference: scale * in[i], one float multiplication per element, as the kernel does it.
std::vector<float> referenceScale(const std::vector<float>& in, float scale);

struct ScaleResult {
    std::vector<float> out;
    std::size_t local = 0;  // the work-group size that ran
    Launch launch;          // what launchFor gave
    double seconds = 0;     // median kernel time (profiling events)
};

class Coarsening {
public:
    // Step 1: context and profiling queue. Step 2, coarsening.cl built with -D PER_ITEM=f, happens
    // at a factor's first run (programFor).
    explicit Coarsening(const cl::Device& device);

    // Steps 3 to 5: scale_coarse with perItem elements per work-item, in work-groups of `local`
    // (0: 256, or the kernel's CL_KERNEL_WORK_GROUP_SIZE where that is less); warm-ups, timed runs,
    // the result read back.
    ScaleResult run(const std::vector<float>& in, float scale, std::size_t perItem, std::size_t local = 0,
                    const hoc::Repeats& repeats = {0, 1});

    // The same with the given kernel `scale`: one element per work-item, n work-items.
    ScaleResult runPlain(const std::vector<float>& in, float scale, std::size_t local = 0,
                         const hoc::Repeats& repeats = {0, 1});

    // CL_KERNEL_WORK_GROUP_SIZE of scale_coarse on this device.
    std::size_t maxWorkGroupSize();

private:
    const cl::Program& programFor(std::size_t perItem);
    ScaleResult launch(cl::Kernel& kernel, const std::vector<float>& in, ScaleResult result,
                       const hoc::Repeats& repeats);

    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    std::map<std::size_t, cl::Program> programs_;  // by PER_ITEM
};
