// Divergence measured (Exercise 22): the paths' serial reference, the rules and the tables.
#include "hoc/measure/divergence.hpp"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <set>

#include "hoc/common/report.hpp"

namespace hoc {

float pathA(float v, unsigned steps)
{
    for (unsigned k = 0; k < steps; ++k) {
        v = std::fma(v, 0.75f, 0.25f);
        v = std::fma(v, -0.5f, 1.5f);
    }
    return v;
}

float pathB(float v, unsigned steps)
{
    float w = 1.0f;
    for (unsigned k = 0; k < steps; ++k) {
        w = std::fma(w, 0.5f, v);
        v = std::fma(w, -0.25f, 1.0f);
    }
    return v + w;
}

std::vector<float> referencePaths(const std::vector<float>& in, unsigned steps)
{
    std::vector<float> out(in.size());
    for (std::size_t e = 0; e < in.size(); ++e)
        out[e] = e % 2 == 0 ? pathA(in[e], steps) : pathB(in[e], steps);
    return out;
}

void printDivergenceTimes(std::size_t local, const std::vector<std::pair<std::string, double>>& rows)
{
    std::cout << "work-groups of " << local << "; time per kernel and its ratio to the divergent kernel's\n";
    std::cout << std::left << std::setw(22) << "kernel" << std::right << std::setw(14) << "time" << std::setw(16)
              << "x divergent\n";
    for (const auto& [name, seconds] : rows) {
        std::cout << std::left << std::setw(22) << name << std::right << std::setw(14) << formatTime(seconds)
                  << std::setw(15) << fixedText(seconds / rows.front().second, 2) << "\n";
    }
}

std::string GroupShape::text() const { return std::to_string(x) + "x" + std::to_string(y); }

const char* kernelName(BranchRule rule)
{
    return rule == BranchRule::column ? "by_column" : rule == BranchRule::row ? "by_row" : "by_warp";
}

const char* ruleText(BranchRule rule)
{
    return rule == BranchRule::column ? "get_local_id(0) % 2"
           : rule == BranchRule::row  ? "get_local_id(1) % 2"
                                      : "warp % 2";
}

namespace {

// The number whose parity picks the path of the work-item with local ids (lx, ly).
std::size_t ruleValue(BranchRule rule, std::size_t lx, std::size_t ly, const GroupShape& local, std::size_t warp,
                      const WarpOf& warpOf)
{
    if (rule == BranchRule::column)
        return lx;
    if (rule == BranchRule::row)
        return ly;
    return warpOf(lx, ly, local.x, local.y, warp);
}

}  // namespace

std::vector<float> referenceByRule(const std::vector<float>& in, std::size_t width, std::size_t height,
                                   const GroupShape& local, unsigned steps, std::size_t warp, BranchRule rule,
                                   const WarpOf& warpOf)
{
    std::vector<float> out(in.size());
    for (std::size_t y = 0; y < height; ++y) {
        for (std::size_t x = 0; x < width; ++x) {
            const std::size_t e = y * width + x;
            const bool even = ruleValue(rule, x % local.x, y % local.y, local, warp, warpOf) % 2 == 0;
            out[e] = even ? pathA(in[e], steps) : pathB(in[e], steps);
        }
    }
    return out;
}

std::size_t mixedWarps(const GroupShape& local, std::size_t warp, BranchRule rule, const WarpOf& warpOf,
                       const WarpsPerGroup& warpsPerGroup)
{
    // For each warp (by warpOf), the parities its work-items' rule gives.
    std::vector<std::set<std::size_t>> parities(warpsPerGroup(local.x, local.y, warp));
    for (std::size_t ly = 0; ly < local.y; ++ly) {
        for (std::size_t lx = 0; lx < local.x; ++lx) {
            const std::size_t w = warpOf(lx, ly, local.x, local.y, warp);
            if (w < parities.size())
                parities[w].insert(ruleValue(rule, lx, ly, local, warp, warpOf) % 2);
        }
    }
    std::size_t mixed = 0;
    for (const auto& p : parities)
        mixed += p.size() > 1 ? 1 : 0;
    return mixed;
}

void printWarpTable(const std::vector<WarpRow>& rows, std::size_t warp, const WarpOf& warpOf,
                    const WarpsPerGroup& warpsPerGroup)
{
    std::cout << "per work-group shape: its warps (your warpsPerGroup), how many of them hold both paths under\n"
              << "each kernel's rule (your warpOf), and each kernel's time as a multiple of by_warp's\n"
              << std::setw(37) << "mixed warps" << std::setw(28) << "time, x by_warp\n"
              << std::left << std::setw(10) << "work-group" << std::right << std::setw(7) << "warps";
    for (int table = 0; table < 2; ++table)
        std::cout << std::setw(10) << "by_column" << std::setw(7) << "by_row" << std::setw(8) << "by_warp";
    std::cout << "\n";
    for (const WarpRow& row : rows) {
        const auto mixed = [&](BranchRule rule) { return mixedWarps(row.shape, warp, rule, warpOf, warpsPerGroup); };
        std::cout << std::left << std::setw(10) << row.shape.text() << std::right << std::setw(7)
                  << warpsPerGroup(row.shape.x, row.shape.y, warp) << std::setw(10) << mixed(BranchRule::column)
                  << std::setw(7) << mixed(BranchRule::row) << std::setw(8) << mixed(BranchRule::warp);
        const auto ratio = [&](int r) {
            return fixedText(row.seconds[2] > 0 ? row.seconds[r] / row.seconds[2] : 0, 2);
        };
        std::cout << std::setw(10) << ratio(0) << std::setw(7) << ratio(1) << std::setw(8) << ratio(2) << "\n";
    }
}

}  // namespace hoc
