// Divergence measured (Exercise 22): the serial reference of two paths of multiply-adds that a
// branch picks between, a 2D work-group's rules for picking them, the count of warps that hold both
// paths (by the room's own rule for which warp a work-item is in), and the tables of kernels' times.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hoc {

// The two paths of the room's kernels on the host, fma only, so that the results are equal to the
// last bit: path_a(v) and path_b(v) after `steps` rounds of two multiply-adds each.
float pathA(float v, unsigned steps);
float pathB(float v, unsigned steps);
// Element e is pathA(in[e]) for even e, pathB(in[e]) for odd e.
std::vector<float> referencePaths(const std::vector<float>& in, unsigned steps);

// Each kernel's time (rows: name and seconds, the divergent kernel first) and its ratio to the
// divergent kernel's, run in work-groups of `local`.
void printDivergenceTimes(std::size_t local, const std::vector<std::pair<std::string, double>>& rows);

// A 2D work-group's shape, dimension 0 first.
struct GroupShape {
    std::size_t x = 1, y = 1;
    std::string text() const;  // "16x16"
};

// The rule a kernel of a 2D work-group branches on: the parity of get_local_id(0) (by_column), of
// get_local_id(1) (by_row), or of the work-item's warp (by_warp).
enum class BranchRule { column, row, warp };
const char* kernelName(BranchRule rule);  // "by_column", "by_row", "by_warp"
const char* ruleText(BranchRule rule);    // "get_local_id(0) % 2", ...

// Which warp the work-item with local ids (lx, ly) is in, in a work-group of localX x localY cut into
// warps of `warp` work-items, and how many warps the work-group takes: the room's functions.
using WarpOf = std::function<std::size_t(std::size_t lx, std::size_t ly, std::size_t localX, std::size_t localY,
                                         std::size_t warp)>;
using WarpsPerGroup = std::function<std::size_t(std::size_t localX, std::size_t localY, std::size_t warp)>;

// The serial reference of a width x height grid in work-groups of `local`: element (x, y) takes
// pathA when the rule gives an even number for its work-item, pathB when odd (Rule::warp: warpOf's).
std::vector<float> referenceByRule(const std::vector<float>& in, std::size_t width, std::size_t height,
                                   const GroupShape& local, unsigned steps, std::size_t warp, BranchRule rule,
                                   const WarpOf& warpOf);

// Of the warps of one work-group (warpsPerGroup of them, each work-item placed by warpOf), how many
// hold work-items of both parities under `rule`: those run both paths, one after the other.
std::size_t mixedWarps(const GroupShape& local, std::size_t warp, BranchRule rule, const WarpOf& warpOf,
                       const WarpsPerGroup& warpsPerGroup);

// One work-group shape's times of the three kernels, in the order column, row, warp.
struct WarpRow {
    GroupShape shape;
    double seconds[3] = {0, 0, 0};
};

// Per work-group shape: its warps, how many of them hold both paths under each rule, and each
// kernel's time as a multiple of by_warp's.
void printWarpTable(const std::vector<WarpRow>& rows, std::size_t warp, const WarpOf& warpOf,
                    const WarpsPerGroup& warpsPerGroup);

}  // namespace hoc
