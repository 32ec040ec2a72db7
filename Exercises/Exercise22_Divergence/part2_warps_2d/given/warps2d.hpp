// Exercise 22, part 2: how a 2D work-group is cut into warps, and what a branch costs when a warp's
// work-items take both of its sides. Three kernels compute the same grid's elements with the same
// two paths; they differ only in the rule that picks each element's path.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/divergence.hpp"

// Step 1 (warps.cpp): the warp of the work-item with local ids (lx, ly) in a work-group of
// localX x localY work-items, cut into warps of `warp` work-items (dimension 0 fastest)...
std::size_t warpOf(std::size_t lx, std::size_t ly, std::size_t localX, std::size_t localY, std::size_t warp);
// ... and how many warps a work-group of localX x localY holds (004's quiz: work-groups of 256).
std::size_t warpsPerGroup(std::size_t localX, std::size_t localY, std::size_t warp);

// Step 4's prediction (warps.cpp), made before any run, for warps of 32 work-items and the work-groups
// of kStepFourShapes: of the 8 warps of each, how many hold both paths under by_row's rule and under
// by_column's, and how many times by_warp's time a kernel takes whose every warp holds both (the two
// paths cost the same). 0 everywhere: not made yet.
struct StepFourPrediction {
    std::array<std::size_t, 4> mixedByRow{}, mixedByColumn{};  // in the order of kStepFourShapes
    double timesByWarpWhenMixed = 0;
};
StepFourPrediction stepFourPrediction();

// The three kernels of warps2d.cl, by the rule each branches on, and a work-group's shape, dimension 0
// first: Measure's (hoc/measure/divergence.hpp), with the names of the kernels and of their rules.
using Rule = hoc::BranchRule;
using Shape = hoc::GroupShape;
using hoc::kernelName, hoc::ruleText;

// Step 4's work-group shapes, dimension 0 first: 32x8, 16x16, 8x32 and 64x4, 256 work-items each.
inline const std::array<Shape, 4> kStepFourShapes = {Shape{32, 8}, Shape{16, 16}, Shape{8, 32}, Shape{64, 4}};

// The serial reference of a kernel (hoc::referenceByRule) and the count of the warps of a work-group
// that hold both paths (hoc::mixedWarps) are Measure's: both take your warpOf.

struct GridRun {
    std::vector<float> out;
    double seconds = 0;  // median kernel time (profiling events)
};

class Warps2d {
public:
    // Steps 1 and 2: context, profiling queue, warps2d.cl built.
    explicit Warps2d(const cl::Device& device);

    // Steps 3 to 5: the kernel of `rule` over a width x height grid in work-groups of `local`, the
    // NDRange rounded up to whole work-groups. Refuses (hoc::UsageError) a shape the kernel cannot run.
    GridRun run(Rule rule, const std::vector<float>& in, std::size_t width, std::size_t height, const Shape& local,
                unsigned steps, std::size_t warp, const hoc::Repeats& repeats = {0, 1});

    // The warp width the device suggests: CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE of by_warp.
    std::size_t preferredMultiple() const;

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};
