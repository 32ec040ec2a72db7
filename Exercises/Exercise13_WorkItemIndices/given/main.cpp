// Exercise 13: command line, the expected ids, and the printed grids. The OpenCL work is in indices.cpp.
#include <climits>
#include <cstdio>
#include <functional>
#include <string>

#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/cli/main.hpp"
#include "indices.hpp"

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

// Every id against its expected value; the message names the first wrong one.
hoc::CheckResult check(const IndexGrids& r)
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

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise13_WorkItemIndices", "Exercise 13: global, local and work-group ids in a 2D range");
    std::vector<std::size_t> rangeValues = {8, 8};
    std::vector<std::vector<std::size_t>> groups = {{4, 4}, {2, 4}};
    // The kernel writes six planes of ints indexed with an int: 6 x the range at most INT_MAX.
    cli.shapeOption("--range", rangeValues, "DIM0xDIM1", 2, "The 2D range: work-items in dimension 0 x dimension 1",
                    INT_MAX, {INT_MAX / 6, "INT_MAX / 6: the kernel indexes six planes of ids with an int"});
    cli.shapesOption("--groups", groups, "DIM0xDIM1", 2, "Work-group shapes to show (dimension 0 x dimension 1)",
                     INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const Shape range{rangeValues[0], rangeValues[1]};
    const std::string rangeText = std::to_string(range.x) + "x" + std::to_string(range.y);
    std::vector<Shape> shapes;
    for (const auto& g : groups)
        shapes.push_back({g[0], g[1]});
    hoc::requireBuffers(device, 6.0 * sizeof(int) * range.x * range.y, 1, "--range " + rangeText);
    hoc::requireHostMemory(6.0 * sizeof(int) * range.x * range.y, "--range " + rangeText);
    const bool print = range.x <= 32 && range.y <= 32;
    for (const Shape g : shapes) {
        const IndexGrids r = recordIds(device, range.x, range.y, g);
        std::printf("\nwork-groups of %zux%zu on a range of %zux%zu: %zux%zu work-groups "
                    "(columns: dimension 0, rows: dimension 1)\n",
                    g.x, g.y, range.x, range.y, range.x / g.x, range.y / g.y);
        if (print)
            for (std::size_t i = 0; i < 6; i += 2)
                printPair(r, kIds[i], kIds[i + 1]);
        else
            std::printf("  (grids are printed for ranges up to 32x32)\n");
        const auto c = check(r);
        report.add({"ids in work-groups of " + std::to_string(g.x) + "x" + std::to_string(g.y),
                    "range " + rangeText,
                    c.ok,
                    c.ok ? "all " + std::to_string(c.count) + " ids correct" : c.message(),
                    0,
                    0,
                    "",
                    {}});
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
