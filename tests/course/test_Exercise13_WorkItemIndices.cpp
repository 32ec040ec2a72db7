// Exercise 13: every recorded id matches the formula for its position, for several ranges and
// work-group shapes; shapes that do not divide the range or exceed the limits are refused clearly.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc_hints/Exercise13_WorkItemIndices.hpp"
#include "hoc_test.hpp"
#include "indices.hpp"
#include "smooth3d.hpp"

namespace {

struct Case {
    std::size_t width, height;
    Shape group;
};

// The first id that differs from what a work-item at column x, row y must see, or "".
std::string firstWrong(const IndexGrids& r, const Case& c)
{
    const std::pair<const char*, const std::vector<int>*> grids[] = {
        {"get_global_id(0)", &r.global_x}, {"get_global_id(1)", &r.global_y}, {"get_local_id(0)", &r.local_x},
        {"get_local_id(1)", &r.local_y},   {"get_group_id(0)", &r.group_x},   {"get_group_id(1)", &r.group_y}};
    for (std::size_t g = 0; g < 6; ++g) {
        if (grids[g].second->size() != c.width * c.height)
            return std::string(grids[g].first) + ": " + std::to_string(grids[g].second->size()) + " ids for " +
                   std::to_string(c.width * c.height) + " work-items";
        for (std::size_t y = 0; y < c.height; ++y)
            for (std::size_t x = 0; x < c.width; ++x) {
                const std::size_t expected[] = {x, y, x % c.group.x, y % c.group.y, x / c.group.x, y / c.group.y};
                const int got = (*grids[g].second)[y * c.width + x];
                if (got != static_cast<int>(expected[g]))
                    return std::string(grids[g].first) + " at x = " + std::to_string(x) + ", y = " + std::to_string(y) +
                           ": expected " + std::to_string(expected[g]) + ", got " + std::to_string(got);
            }
    }
    return "";
}

// The six planes, each with the value its id has at column x, row y in work-groups of sx x sy.
const char* const kIdNames[] = {"get_global_id(0)", "get_global_id(1)", "get_local_id(0)",
                                "get_local_id(1)",  "get_group_id(0)",  "get_group_id(1)"};
std::size_t idAt(std::size_t id, std::size_t x, std::size_t y, std::size_t sx, std::size_t sy)
{
    const std::size_t values[] = {x, y, x % sx, y % sy, x / sx, y / sy};
    return values[id];
}
const std::vector<int>& plane(const IndexGrids& r, std::size_t id)
{
    const std::vector<int>* planes[] = {&r.global_x, &r.global_y, &r.local_x, &r.local_y, &r.group_x, &r.group_y};
    return *planes[id];
}
// Whether plane `id` holds, everywhere, what id `as` gives in work-groups of sx x sy.
bool holds(const IndexGrids& r, const Case& c, std::size_t id, std::size_t as, std::size_t sx, std::size_t sy)
{
    for (std::size_t y = 0; y < c.height; ++y)
        for (std::size_t x = 0; x < c.width; ++x)
            if (plane(r, id)[y * c.width + x] != static_cast<int>(idAt(as, x, y, sx, sy)))
                return false;
    return true;
}

// What the recorded ids show, where they are wrong: the work-groups that really ran (their shape,
// read from the local ids), a plane never written, a plane holding another id.
std::string hint(const IndexGrids& r, const Case& c)
{
    const std::string kernel = "\n  where: record_ids in indices.cl\n  hint: ";
    const std::string host = "\n  where: the enqueue in indices.cpp\n  hint: ";
    const auto count = [](std::size_t x) { return std::to_string(x); };
    for (std::size_t id = 0; id < 6; ++id)
        if (plane(r, id).size() != c.width * c.height)
            return "";
    for (std::size_t id = 0; id < 6; ++id)
        if (std::all_of(plane(r, id).begin(), plane(r, id).end(), [](int v) { return v == -1; }))
            return kernel + hoc::test::hint(hoc::hints::plane_unwritten, {{"id", kIdNames[id]}});
    // The shape that ran: one more than the largest local id in each dimension, if every local and
    // group id fits it.
    const auto largest = [&](std::size_t id) {
        return static_cast<std::size_t>(std::max(0, *std::max_element(plane(r, id).begin(), plane(r, id).end()))) + 1;
    };
    const std::size_t sx = largest(2), sy = largest(3);
    bool fits = true;
    for (std::size_t id = 2; id < 6; ++id)
        fits = fits && holds(r, c, id, id, sx, sy);
    if (fits && (sx != c.group.x || sy != c.group.y))
        return host + hoc::test::hint(
                          sx == c.group.y && sy == c.group.x ? hoc::hints::local_swapped : hoc::hints::local_not_given,
                          {{"ran", count(sx) + "x" + count(sy)}, {"asked", count(c.group.x) + "x" + count(c.group.y)}});
    for (std::size_t id = 0; id < 6; ++id) {
        if (holds(r, c, id, id, c.group.x, c.group.y))
            continue;
        for (std::size_t as = 0; as < 6; ++as)
            if (as != id && holds(r, c, id, as, c.group.x, c.group.y))
                return kernel +
                       hoc::test::hint(hoc::hints::plane_holds_other, {{"id", kIdNames[id]}, {"other", kIdNames[as]}});
        const std::vector<int>& values = plane(r, id);
        if (values.size() > 1 && std::all_of(values.begin(), values.end(), [&](int v) { return v == values.front(); }))
            return kernel + hoc::test::hint(hoc::hints::plane_constant,
                                            {{"id", kIdNames[id]}, {"value", std::to_string(values.front())}});
        return kernel + hoc::test::hint(hoc::hints::plane_wrong, {{"id", kIdNames[id]}});
    }
    return "";
}

}  // namespace

// The intermediate notes' work-groups of 4 by 4 and 2 by 4 (001, "Demonstration" of the
// get-global-id-cl program) on 16x16, flat and tall shapes, a rectangular range, a single
// work-group, and one work-item per work-group. (One test for all: each test program pays for a context.)
TEST(Exercise13Ids, EveryIdMatchesItsPosition)
{
    const Case cases[] = {{16, 16, {4, 4}}, {16, 16, {2, 4}}, {8, 8, {8, 1}}, {8, 8, {1, 8}},
                          {12, 6, {3, 2}},  {12, 6, {12, 6}}, {5, 3, {1, 1}}};
    for (const Case& c : cases) {
        const IndexGrids r = hoc::test::run([&] { return recordIds(hoc::test::device(), c.width, c.height, c.group); });
        const std::string wrong = firstWrong(r, c);
        EXPECT_TRUE(wrong.empty()) << HOC_UNDER_TEST << ": range " << c.width << "x" << c.height << ", work-groups "
                                   << c.group.x << "x" << c.group.y << ": " << wrong << hint(r, c);
    }
}

TEST(Exercise13Refuses, ShapeThatDoesNotDivideTheRange)
{
    try {
        recordIds(hoc::test::device(), 8, 8, {3, 4});
        FAIL() << HOC_UNDER_TEST << ": work-groups of 3x4 on a range of 8x8 were accepted";
    } catch (const hoc::UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("do not divide"), std::string::npos) << e.what();
    } catch (const cl::Error& e) {
        FAIL() << HOC_UNDER_TEST << ": a raw OpenCL error instead of a clear message: " << hoc::describe(e);
    }
}

TEST(Exercise13Refuses, ShapeOverTheDeviceLimits)
{
    const cl::Device& device = hoc::test::device();
    const std::size_t itemLimit = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>()[0];
    const std::size_t groupLimit = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    // Twice the per-dimension limit in dimension 0, then a square shape over the work-group size
    // whose sides fit the per-dimension limits.
    std::size_t side = 1;
    while (side * side <= groupLimit)
        side *= 2;
    const std::vector<std::pair<Shape, std::string>> cases = {{{2 * itemLimit, 1}, "CL_DEVICE_MAX_WORK_ITEM_SIZES"},
                                                              {{side, side}, "WORK_GROUP_SIZE"}};
    for (const auto& [shape, limit] : cases) {
        try {
            recordIds(device, shape.x, shape.y, shape);
            ADD_FAILURE() << HOC_UNDER_TEST << ": work-groups of " << shape.x << "x" << shape.y << " were accepted";
        } catch (const hoc::UsageError& e) {  // exit status 2, as every size the device cannot run
            EXPECT_EQ(std::string(e.what()).find("do not divide"), std::string::npos)
                << "a shape that divides the range was refused as not dividing it: " << e.what();
            EXPECT_NE(std::string(e.what()).find(limit), std::string::npos)
                << "the message should name the limit " << limit << ": " << e.what();
        } catch (const hoc::Failure& e) {
            ADD_FAILURE() << HOC_UNDER_TEST << ": work-groups of " << shape.x << "x" << shape.y
                          << " refused as a failure of the runtime (exit status 3), not as a shape the device "
                             "cannot run (hoc::UsageError, exit status 2): "
                          << e.what();
        } catch (const cl::Error& e) {
            ADD_FAILURE() << HOC_UNDER_TEST << ": a raw OpenCL error instead of a clear message: " << hoc::describe(e);
        }
    }
}

// Part 2: a 3D grid stored flat (x fastest, as C stores float g[nz][ny][nx]) and a 3D NDRange.
namespace {

struct GridCase {
    Grid grid;
    Sizes3 local;
};

std::string caseText(const GridCase& c) { return "grid " + c.grid.text() + ", work-groups of " + sizesText(c.local); }

Smooth3d makeSmooth3d()
{
    return hoc::test::run([] { return Smooth3d(hoc::test::device()); });
}

// A probe of the NDRange a host function made: work-item (0, 0, 0) records get_work_dim() and each
// dimension's global and local size; every work-item inside the grid counts its cell. The sizes are
// recorded without a loop: with a loop in that branch, PoCL 6.0 (Debian 13) ran 15 of the 240
// work-items of a 3 x 40 x 2 range in work-groups of 1 x 8 x 2 twice, and the probe counted 2 there.
const char* const kProbe = R"(
__kernel void smooth(__global uint* info, __global uint* hits, uint nx, uint ny, uint nz, float unused)
{
    const size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    if (x == 0 && y == 0 && z == 0) {
        info[0] = get_work_dim();
        info[1] = get_global_size(0);
        info[2] = get_global_size(1);
        info[3] = get_global_size(2);
        info[4] = get_local_size(0);
        info[5] = get_local_size(1);
        info[6] = get_local_size(2);
    }
    if (x < nx && y < ny && z < nz)
        atomic_inc(&hits[(z * ny + y) * nx + x]);
}
)";

// What enqueueOverGrid made of one case, read from the probe: "" when right, else why not.
std::string rangeProblem(const GridCase& c)
{
    const cl::Device& device = hoc::test::device();
    cl::Context context(device);
    cl::CommandQueue queue(context, device);
    cl::Program program(context, kProbe);
    program.build({device});
    cl::Kernel probe(program, "smooth");
    std::vector<cl_uint> info(7, 0);
    const std::size_t cells = c.grid.cells();
    cl::Buffer d_info(context, info.begin(), info.end(), false);
    cl::Buffer d_hits(context, CL_MEM_READ_WRITE, sizeof(cl_uint) * cells);
    queue.enqueueFillBuffer(d_hits, cl_uint{0}, 0, sizeof(cl_uint) * cells);
    probe.setArg(0, d_info);
    probe.setArg(1, d_hits);
    probe.setArg(2, static_cast<cl_uint>(c.grid.nx));
    probe.setArg(3, static_cast<cl_uint>(c.grid.ny));
    probe.setArg(4, static_cast<cl_uint>(c.grid.nz));
    probe.setArg(5, 0.0f);
    const std::string where = std::string(HOC_UNDER_TEST) + "/part2_three_dimensions/grid3d.cpp: enqueueOverGrid, " +
                              caseText(c) + ": ";
    const std::size_t asked[3] = {c.grid.nx, c.grid.ny, c.grid.nz};
    std::size_t want[3];
    for (std::size_t d = 0; d < 3; ++d)
        want[d] = (asked[d] + c.local[d] - 1) / c.local[d] * c.local[d];
    const std::string wantText = std::to_string(want[0]) + " x " + std::to_string(want[1]) + " x " +
                                 std::to_string(want[2]);
    cl::Event done;
    try {
        done = enqueueOverGrid(queue, probe, c.grid, c.local);
    } catch (const cl::Error& e) {
        if (e.err() == CL_INVALID_WORK_GROUP_SIZE)
            return where + "the enqueue failed with CL_INVALID_WORK_GROUP_SIZE\n  hint: " +
                   hoc::test::hint(hoc::hints::range_not_whole_groups, {{"want", wantText}});
        return where + "OpenCL call " + hoc::describe(e);
    }
    if (done() == nullptr)
        return where + "it returned no event\n  hint: " + hoc::test::hint(hoc::hints::range_no_event);
    done.wait();
    std::vector<cl_uint> hits(cells);
    cl::copy(queue, d_info, info.begin(), info.end());
    cl::copy(queue, d_hits, hits.begin(), hits.end());
    const auto sizes = [&](std::size_t first) {
        return std::to_string(info[first]) + " x " + std::to_string(info[first + 1]) + " x " +
               std::to_string(info[first + 2]);
    };
    if (info[0] != 3)
        return where + "the NDRange has " + std::to_string(info[0]) + " dimension(s)\n  hint: " +
               hoc::test::hint(hoc::hints::range_not_3d, {{"dims", std::to_string(info[0])}});
    if (info[1] == want[2] && info[3] == want[0] && want[0] != want[2])
        return where + "global range " + sizes(1) + ", expected " + wantText +
               "\n  hint: " + hoc::test::hint(hoc::hints::range_x_z_swapped);
    if (info[4] != c.local[0] || info[5] != c.local[1] || info[6] != c.local[2])
        return where + "work-groups of " + sizes(4) + ", not the " + sizesText(c.local) +
               " asked for\n  hint: " + hoc::test::hint(hoc::hints::range_local_not_given);
    for (std::size_t d = 0; d < 3; ++d)
        if (info[1 + d] < asked[d])
            return where + "global range " + sizes(1) + ", expected " + wantText +
                   "\n  hint: " + hoc::test::hint(hoc::hints::range_too_small, {{"dim", std::to_string(d)}});
    if (info[1] != want[0] || info[2] != want[1] || info[3] != want[2])
        return where + "global range " + sizes(1) + ", expected " + wantText +
               "\n  hint: " + hoc::test::hint(hoc::hints::range_not_rounded, {{"want", wantText}});
    const auto twice = std::find_if(hits.begin(), hits.end(), [](cl_uint h) { return h != 1; });
    if (twice != hits.end())
        return where + "cell " + std::to_string(twice - hits.begin()) + " was computed " + std::to_string(*twice) +
               " times, not once";
    return "";
}

// Where a wrong smoothing result comes from, read from the cells: never written (still NaN), a face
// cell changed, an inner cell copied, an inner cell not scaled by w, the grid read in another layout.
std::string smoothHint(const std::vector<float>& in, const Grid& grid, const Sizes3& local,
                       const std::vector<float>& out, const std::vector<float>& expected)
{
    const std::string where = "\n  hint: ";
    const auto cellText = [&](std::size_t i) {
        return "(" + std::to_string(i % grid.nx) + ", " + std::to_string(i / grid.nx % grid.ny) + ", " +
               std::to_string(i / (grid.nx * grid.ny)) + ")";
    };
    const auto face = [&](std::size_t i) {
        const std::size_t x = i % grid.nx, y = i / grid.nx % grid.ny, z = i / (grid.nx * grid.ny);
        return x == 0 || y == 0 || z == 0 || x + 1 == grid.nx || y + 1 == grid.ny || z + 1 == grid.nz;
    };
    if (std::all_of(out.begin(), out.end(), [](float v) { return std::isnan(v); }))
        return where + hoc::test::hint(hoc::hints::smooth_nothing_written);
    const auto unwritten = std::find_if(out.begin(), out.end(), [](float v) { return std::isnan(v); });
    // Written only inside the box of one work-group's size at the grid's corner: cells from local ids.
    bool inBox = unwritten != out.end();
    for (std::size_t i = 0; i < out.size() && inBox; ++i) {
        const std::size_t x = i % grid.nx, y = i / grid.nx % grid.ny, z = i / (grid.nx * grid.ny);
        inBox = std::isnan(out[i]) || (x < local[0] && y < local[1] && z < local[2]);
    }
    if (inBox)
        return where + hoc::test::hint(hoc::hints::smooth_local_ids, {{"local", sizesText(local)}});
    if (unwritten != out.end())
        return where + hoc::test::hint(hoc::hints::smooth_cell_unwritten,
                                       {{"cell", cellText(static_cast<std::size_t>(unwritten - out.begin()))}});
    for (std::size_t i = 0; i < out.size(); ++i)
        if (face(i) && out[i] != in[i])
            return where + hoc::test::hint(hoc::hints::smooth_face_changed, {{"cell", cellText(i)}});
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (face(i) || std::fabs(out[i] - expected[i]) <= 1e-6 * std::fabs(expected[i]))
            continue;
        if (out[i] == in[i])
            return where + hoc::test::hint(hoc::hints::smooth_inner_copied, {{"cell", cellText(i)}});
        if (std::fabs(out[i] - 7.0f * expected[i]) <= 1e-5 * std::fabs(7.0f * expected[i]))
            return where + hoc::test::hint(hoc::hints::smooth_not_scaled, {{"cell", cellText(i)}});
        break;
    }
    // The grid read as if z were fastest (float g[nx][ny][nz]): the reference of that layout.
    const Grid turned{grid.nz, grid.ny, grid.nx};
    std::vector<float> inTurned(in.size());
    for (std::size_t z = 0; z < grid.nz; ++z)
        for (std::size_t y = 0; y < grid.ny; ++y)
            for (std::size_t x = 0; x < grid.nx; ++x)
                inTurned[(x * grid.ny + y) * grid.nz + z] = in[(z * grid.ny + y) * grid.nx + x];
    const std::vector<float> outTurned = referenceSmooth(inTurned, turned, 1.0f / 7.0f);
    bool asTurned = grid.nx != grid.nz;
    for (std::size_t z = 0; z < grid.nz && asTurned; ++z)
        for (std::size_t y = 0; y < grid.ny && asTurned; ++y)
            for (std::size_t x = 0; x < grid.nx && asTurned; ++x) {
                const std::size_t i = (z * grid.ny + y) * grid.nx + x;
                const float other = outTurned[(x * grid.ny + y) * grid.nz + z];
                asTurned = std::fabs(out[i] - other) <= 1e-6 * std::fabs(other);
            }
    if (asTurned)
        return where + hoc::test::hint(hoc::hints::smooth_layout_turned);
    return where + hoc::test::hint(hoc::hints::smooth_neighbour);
}

}  // namespace

// 004's quiz, worked out here: arr3d[i][j][k] of int arr3d[3][2][4] lies (i * 2 + j) * 4 + k ints
// after arr3d[0][0][0], 4 bytes each, from address 100.
TEST(Smooth3d, QuizAddress)
{
    const std::size_t ints = (1 * 2 + 1) * 4 + 3, want = 100 + ints * 4, mine = quizAddress();
    const std::size_t turned = 3 * (2 * 3) + 1 * 3 + 1;  // the first index fastest: k * 6 + j * 3 + i
    const std::string where = std::string(HOC_UNDER_TEST) + "/part2_three_dimensions/grid3d.cpp: quizAddress() is " +
                              std::to_string(mine) + " (004's quiz \"C 3D Array Memory Layout\")";
    if (mine == 0)
        ADD_FAILURE() << where << ": not answered yet\n  hint: " << hoc::test::hint(hoc::hints::quiz_not_made);
    else if (mine == 100 + ints)
        ADD_FAILURE() << where << "\n  hint: " << hoc::test::hint(hoc::hints::quiz_ints_not_bytes);
    else if (mine == 100 + turned * 4 || mine == 100 + turned)
        ADD_FAILURE() << where << "\n  hint: " << hoc::test::hint(hoc::hints::quiz_turned);
    else
        EXPECT_EQ(mine, want) << where << "\n  hint: " << hoc::test::hint(hoc::hints::quiz_address);
}

// Step 3, worked out here for a 256 x 256 x 256 grid: work-item t of a work-group of (gx, gy, gz),
// numbered with dimension 0 fastest, has local ids (t % gx, t / gx % gy, t / (gx gy)), and its cell
// lies at that offset in x, y and z from the work-group's first cell; the first warp's 32 cells fall in
// sectors of 8 floats.
TEST(Smooth3d, StepThreePrediction)
{
    const std::size_t n = 256;
    const auto offset = [&](const Sizes3& g, std::size_t t) {
        return (t / (g[0] * g[1]) * n + t / g[0] % g[1]) * n + t % g[0];
    };
    const auto sectors = [&](const Sizes3& g) {
        std::vector<std::size_t> seen;
        for (std::size_t t = 0; t < 32; ++t)
            seen.push_back(offset(g, t) / (32 / sizeof(float)));
        std::sort(seen.begin(), seen.end());
        return static_cast<std::size_t>(std::unique(seen.begin(), seen.end()) - seen.begin());
    };
    const Sizes3 wide = {32, 4, 2}, thin = {1, 16, 16};
    const StepThreePrediction mine = stepThreePrediction();
    const std::string where = std::string(HOC_UNDER_TEST) + "/part2_three_dimensions/grid3d.cpp: stepThreePrediction() "
                                                            "(step 3 of the README)";
    if (mine.floatsApart32x4x2 == 0 && mine.floatsApart1x16x16 == 0 && mine.sectors32x4x2 == 0 &&
        mine.sectors1x16x16 == 0)
        FAIL() << where
               << ": not made yet (every figure is 0)\n  hint: " << hoc::test::hint(hoc::hints::step3_not_made);
    EXPECT_EQ(mine.floatsApart32x4x2, offset(wide, 1) - offset(wide, 0))
        << where << ": the floats between the cells of work-items 0 and 1 of a 32x4x2 work-group\n  hint: "
        << hoc::test::hint(hoc::hints::step3_apart, {{"shape", "32x4x2"}});
    EXPECT_EQ(mine.floatsApart1x16x16, offset(thin, 1) - offset(thin, 0))
        << where << ": the floats between the cells of work-items 0 and 1 of a 1x16x16 work-group\n  hint: "
        << hoc::test::hint(hoc::hints::step3_apart, {{"shape", "1x16x16"}});
    EXPECT_EQ(mine.sectors32x4x2, sectors(wide))
        << where << ": the 32-byte sectors the first warp of a 32x4x2 work-group reads\n  hint: "
        << hoc::test::hint(hoc::hints::step3_sectors, {{"shape", "32x4x2"}});
    EXPECT_EQ(mine.sectors1x16x16, sectors(thin))
        << where << ": the 32-byte sectors the first warp of a 1x16x16 work-group reads\n  hint: "
        << hoc::test::hint(hoc::hints::step3_sectors, {{"shape", "1x16x16"}});
}

TEST(Smooth3d, EnqueueOverGridMakesA3dRangeOfWholeWorkGroups)
{
    const GridCase cases[] = {{{13, 7, 5}, {4, 2, 2}}, {{37, 19, 11}, {8, 4, 4}},  {{1, 1, 1}, {1, 1, 1}},
                              {{5, 9, 17}, {5, 3, 1}}, {{16, 16, 16}, {16, 1, 1}}, {{3, 40, 2}, {1, 8, 2}}};
    for (const GridCase& c : cases) {
        const std::string problem = hoc::test::run([&] { return rangeProblem(c); });
        ASSERT_TRUE(problem.empty()) << problem;
    }
}

// Grids of one cell, of faces only and with inner cells, none a multiple of its work-groups in any
// dimension, and work-groups from one work-item to 256.
TEST(Smooth3d, EveryCellMatchesTheReference)
{
    const GridCase cases[] = {{{1, 1, 1}, {1, 1, 1}},   {{2, 3, 4}, {2, 2, 2}},    {{3, 3, 3}, {4, 4, 4}},
                              {{13, 7, 5}, {4, 2, 2}},  {{37, 19, 11}, {8, 4, 4}}, {{37, 19, 11}, {3, 3, 3}},
                              {{5, 9, 40}, {1, 1, 16}}, {{70, 3, 6}, {64, 1, 1}},  {{20, 20, 20}, {16, 4, 4}}};
    Smooth3d smooth = makeSmooth3d();
    for (const GridCase& c : cases) {
        const std::vector<float> in = hoc::randomFloats(c.grid.cells(), static_cast<std::uint32_t>(c.grid.cells()));
        const SmoothRun r = hoc::test::run([&] { return smooth.run(in, c.grid, c.local); });
        const std::vector<float> expected = referenceSmooth(in, c.grid, 1.0f / 7.0f);
        const hoc::CheckResult check = hoc::compare(expected, r.out, {0, 1e-6});
        ASSERT_TRUE(check.ok) << HOC_UNDER_TEST << "/part2_three_dimensions/smooth3d.cl: kernel smooth, " << caseText(c)
                              << ": " << check.message() << smoothHint(in, c.grid, c.local, r.out, expected);
        EXPECT_GT(r.seconds, 0.0) << "the kernel's profiling event should report its run time";
    }
}

// The third dimension: the kernel run by the test itself over one plane only (a range of nx x ny x 1
// at offset z0 in dimension 2) must write that plane, right, and no other. A kernel that takes its
// plane from anything but get_global_id(2) (a loop over z, or a 1D range cut into x, y and z) writes
// others, or none.
TEST(Smooth3d, KernelTakesItsPlaneFromDimensionTwo)
{
    const Grid grid{9, 6, 7};
    const std::size_t z0 = 3;
    Smooth3d smooth = makeSmooth3d();
    const std::vector<float> in = hoc::randomFloats(grid.cells(), 77);
    const std::vector<float> expected = referenceSmooth(in, grid, 1.0f / 7.0f);
    std::vector<float> out(grid.cells());
    hoc::test::run([&] {
        cl::Kernel kernel = smooth.kernel();
        const std::size_t bytes = sizeof(float) * grid.cells();
        cl::Buffer d_in(smooth.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                        const_cast<float*>(in.data()));
        cl::Buffer d_out(smooth.context(), CL_MEM_WRITE_ONLY, bytes);
        smooth.queue().enqueueFillBuffer(d_out, std::numeric_limits<float>::quiet_NaN(), 0, bytes);
        kernel.setArg(0, d_in);
        kernel.setArg(1, d_out);
        kernel.setArg(2, static_cast<cl_uint>(grid.nx));
        kernel.setArg(3, static_cast<cl_uint>(grid.ny));
        kernel.setArg(4, static_cast<cl_uint>(grid.nz));
        kernel.setArg(5, 1.0f / 7.0f);
        smooth.queue().enqueueNDRangeKernel(kernel, cl::NDRange(0, 0, z0), cl::NDRange(12, 6, 1), cl::NDRange(4, 2, 1));
        cl::copy(smooth.queue(), d_out, out.begin(), out.end());
        return 0;
    });
    const std::size_t plane = grid.nx * grid.ny;
    std::size_t outside = 0, inside = 0, wrong = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const bool mine = i / plane == z0;
        if (!mine && !std::isnan(out[i]))
            ++outside;
        if (mine && std::isnan(out[i]))
            ++inside;
        if (mine && !std::isnan(out[i]) && std::fabs(out[i] - expected[i]) > 1e-6 * std::fabs(expected[i]))
            ++wrong;
    }
    EXPECT_TRUE(outside == 0 && inside == 0 && wrong == 0)
        << HOC_UNDER_TEST << "/part2_three_dimensions/smooth3d.cl: kernel smooth, run over plane z = " << z0
        << " only (a range of 12 x 6 x 1 at offset (0, 0, " << z0 << ")): " << outside
        << " cell(s) of other planes written, " << inside << " of plane " << z0 << " left unwritten, " << wrong
        << " written wrong\n  hint: "
        << hoc::test::hint(hoc::hints::smooth_third_dimension, {{"plane", std::to_string(z0)}});
}
