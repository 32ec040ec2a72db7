#include "grids.hpp"

#include <cstdio>
#include <functional>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"

namespace {

// The id each work-item should have recorded at column x, row y.
struct Expected {
    const char* name;
    const std::vector<int> IndexGrids::* grid;
    std::function<int(std::size_t x, std::size_t y, Shape g)> id;
};

const Expected kIds[] = {
    {"get_global_id(0)", &IndexGrids::global_x, [](std::size_t x, std::size_t, Shape) { return int(x); }},
    {"get_global_id(1)", &IndexGrids::global_y, [](std::size_t, std::size_t y, Shape) { return int(y); }},
    {"get_local_id(0)", &IndexGrids::local_x, [](std::size_t x, std::size_t, Shape g) { return int(x % g.x); }},
    {"get_local_id(1)", &IndexGrids::local_y, [](std::size_t, std::size_t y, Shape g) { return int(y % g.y); }},
    {"get_group_id(0)", &IndexGrids::group_x, [](std::size_t x, std::size_t, Shape g) { return int(x / g.x); }},
    {"get_group_id(1)", &IndexGrids::group_y, [](std::size_t, std::size_t y, Shape g) { return int(y / g.y); }},
};

// Two grids side by side: dimension 0 on the left, dimension 1 on the right; rows are y.
void printPair(const IndexGrids& r, const Expected& left, const Expected& right)
{
    const int cell = r.width > 10 || r.height > 10 ? 3 : 2;
    const int columns = static_cast<int>(r.width) * (cell + 1);
    auto row = [&](const Expected& e, std::size_t y) {
        for (std::size_t x = 0; x < r.width; ++x)
            std::printf(" %*d", cell, (r.*e.grid)[y * r.width + x]);
    };
    std::printf("  %-*s    %s\n", columns - 1, left.name, right.name);
    for (std::size_t y = 0; y < r.height; ++y) {
        std::printf(" ");
        row(left, y);
        std::printf("    ");
        row(right, y);
        std::printf("\n");
    }
}

}  // namespace

void requireMemory(const cl::Device& device, Shape range)
{
    const std::string rangeText = std::to_string(range.x) + "x" + std::to_string(range.y);
    hoc::requireBuffers(device, 6.0 * sizeof(int) * range.x * range.y, 1, "--range " + rangeText);
    // The six planes on the host, their copies in the grids and the buffer where the device's memory
    // is the host's.
    const double planes = 6.0 * sizeof(int) * range.x * range.y;
    hoc::requireHostMemory(hoc::hostBytes(device, 2 * planes, planes), "--range " + rangeText);
}

hoc::CheckResult checkIds(const IndexGrids& r)
{
    hoc::CheckResult c;
    std::string first;
    for (const auto& e : kIds) {
        const auto& grid = r.*e.grid;
        for (std::size_t y = 0; y < r.height; ++y)
            for (std::size_t x = 0; x < r.width; ++x) {
                const int want = e.id(x, y, r.group), got = grid.at(y * r.width + x);
                ++c.count;
                if (got != want && c.wrong++ == 0)
                    first = std::string(e.name) + " at x = " + std::to_string(x) + ", y = " + std::to_string(y) +
                            ": expected " + std::to_string(want) + ", got " + std::to_string(got);
            }
    }
    c.ok = c.wrong == 0;
    if (!c.ok)
        c.problem = std::to_string(c.wrong) + " of " + std::to_string(c.count) + " ids wrong; first " + first;
    return c;
}

void printGrids(const IndexGrids& r, Shape range, Shape g)
{
    std::printf("\nwork-groups of %zux%zu on a range of %zux%zu: %zux%zu work-groups "
                "(columns: dimension 0, rows: dimension 1)\n",
                g.x, g.y, range.x, range.y, range.x / g.x, range.y / g.y);
    if (range.x <= 32 && range.y <= 32)
        for (std::size_t i = 0; i < 6; i += 2)
            printPair(r, kIds[i], kIds[i + 1]);
    else
        std::printf("  (grids are printed for ranges up to 32x32)\n");
}
