// Exercise 13: every recorded id matches the formula for its position, for several ranges and
// work-group shapes; shapes that do not divide the range or exceed the limits are refused clearly.
#include <algorithm>
#include <string>
#include <vector>

#include "hoc/common/errors.hpp"
#include "hoc_hints/Exercise13_WorkItemIndices.hpp"
#include "hoc_test.hpp"
#include "indices.hpp"

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
