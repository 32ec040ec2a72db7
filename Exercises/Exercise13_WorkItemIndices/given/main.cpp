// Exercise 13: command line and the run. The OpenCL work is in indices.cpp; the expected ids, their
// check, the printed grids and the report's rows are Measure's (hoc/measure/index_grids.hpp).
#include <climits>

#include "hoc/cli/main.hpp"
#include "hoc/measure/index_grids.hpp"
#include "indices.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
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
    hoc::requireIdPlanes(device, range.x, range.y);  // exit status 2 where the device or the host cannot hold them
    for (const Shape g : shapes) {
        const IndexGrids r = recordIds(device, range.x, range.y, g);
        const hoc::IdPlanes ids{r.width,
                                r.height,
                                r.group.x,
                                r.group.y,
                                {&r.global_x, &r.global_y, &r.local_x, &r.local_y, &r.group_x, &r.group_y}};
        hoc::reportIds(report, ids, "ids in work-groups of " + std::to_string(g.x) + "x" + std::to_string(g.y),
                       "range " + rangeText);  // printed, checked and reported
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
