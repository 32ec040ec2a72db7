// Exercise 21: the sizes to try (sizes.cpp) for limits that are and are not powers of two, then the
// sweep on the test device: every kernel at every size of its own limit, each result checked
// against its serial reference (pi within the course's 10^-6, the sum within its error bound, the
// transpose exactly), and the table's shape: one cell per size, 1 first, the limit last.
#include <string>

#include "hoc_hints/Exercise21_WorkGroupSize.hpp"
#include "hoc_test.hpp"
#include "sweep.hpp"

namespace {

std::string listed(const std::vector<std::size_t>& sizes)
{
    std::string s;
    for (const std::size_t x : sizes)
        s += (s.empty() ? "" : ", ") + std::to_string(x);
    return "{" + s + "}";
}

}  // namespace

TEST(WorkGroupSize, SizesArePowersOfTwoUpToTheLimitAndTheLimit)
{
    const struct {
        std::size_t limit;
        std::vector<std::size_t> sizes;
    } cases[] = {{1, {1}},
                 {2, {1, 2}},
                 {3, {1, 2, 3}},
                 {256, {1, 2, 4, 8, 16, 32, 64, 128, 256}},
                 {1000, {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000}},
                 {1024, {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}},
                 {4096, {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}}};
    for (const auto& c : cases)
        EXPECT_EQ(workGroupSizes(c.limit), c.sizes)
            << HOC_UNDER_TEST << ": for a limit of " << c.limit << " the sizes are " << listed(c.sizes) << ", not "
            << listed(workGroupSizes(c.limit)) << ": " << hoc::test::hint(hoc::hints::sizes);
}

TEST(WorkGroupSize, EveryKernelIsCorrectAtEverySize)
{
    SweepOptions options;
    options.piSteps = 1 << 16;    // at least one step for every work-item of the largest group
    options.reduceSize = 100003;  // no multiple of any work-group size above 1
    options.rows = 67;            // nor these of any side above 1
    options.cols = 129;
    options.repeats = {0, 1};
    for (const SweptKernel kernel : sweptKernels()) {
        const SweepColumn column = hoc::test::run([&] { return sweep(hoc::test::device(), kernel, options); });
        ASSERT_GE(column.limit, 1u) << titleOf(kernel);
        ASSERT_EQ(column.cells.size(), workGroupSizes(column.limit).size()) << titleOf(kernel);
        ASSERT_GT(column.cells.size(), 1u)
            << HOC_UNDER_TEST << ": " << titleOf(kernel) << " ran at one work-group size only, where the device "
            << "allows up to " << column.limit << ": " << hoc::test::hint(hoc::hints::sizes);
        EXPECT_EQ(column.cells.front().size, 1u) << titleOf(kernel);
        EXPECT_EQ(column.cells.back().size, column.limit) << titleOf(kernel);
        for (const SweepCell& cell : column.cells) {
            EXPECT_TRUE(cell.correct) << HOC_UNDER_TEST << ": " << titleOf(kernel) << " with work-groups of "
                                      << cell.shape << ": " << cell.detail;
            EXPECT_GT(cell.seconds, 0) << titleOf(kernel) << " with work-groups of " << cell.shape << ": no time";
        }
    }
}
