// Exercise 22, part 2: how a 2D work-group is cut into warps, and what a branch costs when a warp's
// work-items take both of its sides. Three kernels compute the same grid's elements with the same
// two paths; they differ only in the rule that picks each element's path.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

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

// The three kernels of warps2d.cl, by the rule each branches on.
enum class Rule { column, row, warp };
const char* kernelName(Rule rule);  // "by_column", "by_row", "by_warp"
const char* ruleText(Rule rule);    // "get_local_id(0) % 2", ...

// A work-group shape, dimension 0 first.
struct Shape {
    std::size_t x = 1, y = 1;
    std::string text() const;  // "16x16"
};

// Step 4's work-group shapes, dimension 0 first: 32x8, 16x16, 8x32 and 64x4, 256 work-items each.
inline const std::array<Shape, 4> kStepFourShapes = {Shape{32, 8}, Shape{16, 16}, Shape{8, 32}, Shape{64, 4}};

// The serial reference of a kernel: element (x, y) takes path_a when the rule gives an even number
// for its work-item, path_b when odd. For Rule::warp the rule is your warpOf.
// (pathA and pathB are part 1's, divergence.hpp.)
std::vector<float> referenceByRule(const std::vector<float>& in, std::size_t width, std::size_t height,
                                   const Shape& local, unsigned steps, std::size_t warp, Rule rule);

// Of the warps of one work-group, how many hold work-items of both parities under `rule` (your
// warpOf decides which work-items share a warp): those run both paths, one after the other.
std::size_t mixedWarps(const Shape& local, std::size_t warp, Rule rule);

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
