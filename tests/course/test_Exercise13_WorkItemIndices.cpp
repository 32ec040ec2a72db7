// Exercise 13: every recorded id matches the formula for its position, for several ranges and
// work-group shapes; shapes that do not divide the range or exceed the limits are refused clearly.
#include <algorithm>

#include "hoc/common/errors.hpp"
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
        EXPECT_EQ(wrong, "") << HOC_UNDER_TEST << ": range " << c.width << "x" << c.height << ", work-groups "
                             << c.group.x << "x" << c.group.y << ": " << wrong;
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
        } catch (const hoc::Failure& e) {  // a hoc::UsageError (exit status 2), as every size the device cannot run
            EXPECT_EQ(std::string(e.what()).find("do not divide"), std::string::npos)
                << "a shape that divides the range was refused as not dividing it: " << e.what();
            EXPECT_NE(std::string(e.what()).find(limit), std::string::npos)
                << "the message should name the limit " << limit << ": " << e.what();
        } catch (const cl::Error& e) {
            ADD_FAILURE() << HOC_UNDER_TEST << ": a raw OpenCL error instead of a clear message: " << hoc::describe(e);
        }
    }
}
