// Exercise A: the scalar kernel (Exercise 10's pi) and the vector kernels against the exact
// midpoint-rule value. Every width is held to the course's target, 1e-6 (measured errors are below
// 1e-7: see the Exercise 10 README), including step counts that leave a work-item's last vector
// part empty and work-group sizes from 1 to the kernel's maximum.
#include <string>
#include <utility>

#include "hoc_test.hpp"
#include "vector_pi.hpp"
#include "../Exercise10_Pi/pi_reference.hpp"  // Exercise 10's, found beside this exercise's folder

namespace {

VectorPiResult runPi(std::uint64_t steps, int width, std::size_t local = 0)
{
    VectorPiOptions options;
    options.steps = steps;
    options.width = width;
    options.workGroupSize = local;
    return hoc::test::run([&] { return vectorPi(hoc::test::device(), options); });
}

::testing::AssertionResult accurate(std::uint64_t steps, int width, const VectorPiResult& r)
{
    const std::string what = (width == 1 ? std::string("scalar pi") : "float" + std::to_string(width)) + ", " +
                             hoc::pi::stepsText(steps) + " (" + std::to_string(r.workGroups) +
                             (r.workGroups == 1 ? " work-group of " : " work-groups of ") +
                             std::to_string(r.workGroupSize) + ", " + std::to_string(r.stepsPerItem) + " steps each)";
    return hoc::test::correct(hoc::compareValue(hoc::pi::reference(steps), r.pi, hoc::pi::kTarget), what);
}

}  // namespace

TEST(VectorPi, EveryWidthWithinTarget)
{
    // 1 and 7 steps: a single, partly empty vector. 1003: a partial last vector for widths 4 and 8.
    // (Widths 2 and 16 build the same source with another -D WIDTH; each width costs PoCL a
    // compilation, so the tests keep to the exercise's 4 and 8.)
    for (const int width : {1, 4, 8})
        for (const std::uint64_t steps : {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{1003}, std::uint64_t{100003}}) {
            const VectorPiResult r = runPi(steps, width);
            ASSERT_TRUE(accurate(steps, width, r));  // stop at the first wrong case
            EXPECT_EQ(r.stepsPerItem % width, 0u);
        }
    // The target's range (2^24 and more steps), with a partial last vector.
    const std::uint64_t large = (std::uint64_t{1} << 24) + 3;
    ASSERT_TRUE(accurate(large, 8, runPi(large, 8)));
}

TEST(VectorPi, WorkGroupSizesFromOneToTheMaximum)
{
    // 1 and the kernel's maximum with float4, 3 and 255 with float8: each size costs a compilation.
    const std::uint64_t steps = 1000003;
    const std::size_t max4 = runPi(1, 4).maxWorkGroupSize;
    const std::pair<int, std::size_t> cases[] = {{4, 1}, {4, max4}, {8, 3}, {8, 255}};
    for (const auto& [width, local] : cases) {
        const VectorPiResult r = runPi(steps, width, local);
        EXPECT_EQ(r.workGroupSize, local);
        ASSERT_TRUE(accurate(steps, width, r));
    }
}

TEST(VectorPi, RefusesWidthsOpenCLDoesNotHave)
{
    EXPECT_THROW(runPi(100, 3), std::runtime_error);
}
