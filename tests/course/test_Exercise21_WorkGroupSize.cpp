// Exercise 21: the sizes to try (sizes.cpp) for limits that are and are not powers of two, then the
// sweep on the test device: every kernel at every size of its own limit, each result checked
// against its serial reference (pi within the course's 10^-6, the sum within its error bound, the
// transpose exactly), and the table's shape: one cell per size, 1 first, the limit last.
#include <algorithm>
#include <string>
#include <vector>

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

// workGroupSizes(limit) against the sizes worked out by hand, with what the difference shows: a size
// listed twice, the limit missing, a size past the limit, a power of two missing, the order.
::testing::AssertionResult sizesMatch(std::size_t limit, const std::vector<std::size_t>& want)
{
    const std::vector<std::size_t> got = workGroupSizes(limit);
    if (got == want)
        return ::testing::AssertionSuccess();
    auto failure = ::testing::AssertionFailure()
                   << HOC_UNDER_TEST << ": workGroupSizes(" << limit << ") in sizes.cpp is " << listed(got)
                   << ", expected " << listed(want) << "\n  hint: ";
    const auto count = [](std::size_t x) { return std::to_string(x); };
    for (std::size_t i = 0; i < got.size(); ++i)
        for (std::size_t j = i + 1; j < got.size(); ++j)
            if (got[i] == got[j])
                return failure << hoc::test::hint(hoc::hints::sizes_twice,
                                                  {{"size", count(got[i])}, {"limit", count(limit)}});
    for (const std::size_t x : got)
        if (x > limit || x == 0)
            return failure << hoc::test::hint(hoc::hints::sizes_outside, {{"size", count(x)}, {"limit", count(limit)}});
    if (got.empty() || got.back() != limit)
        return failure << hoc::test::hint(hoc::hints::sizes_no_limit, {{"limit", count(limit)}});
    for (const std::size_t x : want)
        if (std::find(got.begin(), got.end(), x) == got.end())
            return failure << hoc::test::hint(hoc::hints::sizes_missing, {{"size", count(x)}});
    return failure << hoc::test::hint(hoc::hints::sizes);
}

// The exercise whose code (host and kernel) a swept kernel runs: the sweep only chooses the sizes.
struct Origin {
    const char* id;
    const char* folder;
};
Origin originOf(hoc::SweptKernel kernel)
{
    return kernel == hoc::SweptKernel::Pi       ? Origin{"10", "Exercise10_Pi"}
           : kernel == hoc::SweptKernel::Reduce ? Origin{"16", "Exercise16_Reduction"}
                                                : Origin{"17", "Exercise17_Transpose"};
}

// A column's wrong cells as one failure: the first wrong cell, which sizes are wrong, and whose code
// runs there (the other exercise's, in the same tree: Exercises/ for the student's build).
::testing::AssertionResult everyCellCorrect(hoc::SweptKernel kernel, const hoc::SweepColumn& column)
{
    std::vector<std::size_t> wrong, right;
    const hoc::SweepCell* first = nullptr;
    for (const hoc::SweepCell& cell : column.cells) {
        (cell.correct ? right : wrong).push_back(cell.size);
        if (!cell.correct && !first)
            first = &cell;
    }
    if (!first)
        return ::testing::AssertionSuccess();
    const std::string under = HOC_UNDER_TEST;
    const Origin origin = originOf(kernel);
    const std::string tree = under.substr(0, under.find('/'));
    const std::string text = under + ": " + column.title + " with work-groups of " + first->shape + ": " +
                             first->detail + " (wrong at work-group sizes " + listed(wrong) +
                             ")\n  where: " + column.title + " runs Exercise " + origin.id + "'s code, " + tree + "/" +
                             origin.folder + " (its kernel and host code); sizes.cpp only chooses the sizes\n  hint: ";
    if (right.empty())
        return ::testing::AssertionFailure()
               << text
               << hoc::test::hint(hoc::hints::other_exercise_wrong, {{"id", origin.id}, {"title", column.title}});
    return ::testing::AssertionFailure() << text
                                         << hoc::test::hint(hoc::hints::other_exercise_some_sizes,
                                                            {{"id", origin.id},
                                                             {"right", listed(right)},
                                                             {"wrong", listed(wrong)}});
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
        EXPECT_TRUE(sizesMatch(c.limit, c.sizes));
}

TEST(WorkGroupSize, EveryKernelIsCorrectAtEverySize)
{
    hoc::SweepOptions options;
    options.piSteps = 1 << 16;    // at least one step for every work-item of the largest group
    options.reduceSize = 100003;  // no multiple of any work-group size above 1
    options.rows = 67;            // nor these of any side above 1
    options.cols = 129;
    options.repeats = {0, 1};
    for (const hoc::SweptKernel kernel : hoc::sweptKernels()) {
        const hoc::SweepColumn column = hoc::test::run([&] { return sweep(hoc::test::device(), kernel, options); });
        ASSERT_GE(column.limit, 1u) << titleOf(kernel);
        ASSERT_EQ(column.cells.size(), workGroupSizes(column.limit).size()) << titleOf(kernel);
        ASSERT_GT(column.cells.size(), 1u)
            << HOC_UNDER_TEST << ": " << titleOf(kernel) << " ran at one work-group size only, where the device "
            << "allows up to " << column.limit << ": " << hoc::test::hint(hoc::hints::sizes);
        EXPECT_EQ(column.cells.front().size, 1u) << titleOf(kernel);
        EXPECT_EQ(column.cells.back().size, column.limit) << titleOf(kernel);
        EXPECT_TRUE(everyCellCorrect(kernel, column));
        for (const hoc::SweepCell& cell : column.cells)
            EXPECT_GT(cell.seconds, 0) << titleOf(kernel) << " with work-groups of " << cell.shape << ": no time";
    }
}
