// Exercise 16b: launchFor against 004 §2.4's quiz and hand-worked launches, and scale_coarse against
// the serial reference, exactly (one float multiplication per element, correctly rounded on the
// device as on the host), for lengths that are no multiple of the factor or of a work-group, factors
// from 1 to more than the elements, and work-groups from 1 work-item to the kernel's
// CL_KERNEL_WORK_GROUP_SIZE.
#include <algorithm>
#include <string>
#include <vector>

#include "coarsening.hpp"
#include "hoc/common/data.hpp"
#include "hoc_hints/Exercise16b_Coarsening.hpp"
#include "hoc_test.hpp"

namespace {

constexpr float kScale = 3.0f;
const std::size_t kLengths[] = {1, 2, 3, 1000, 4097, 65537};
const std::size_t kFactors[] = {1, 2, 3, 8, 64, 1000, 70000};

Coarsening makeCoarsening()
{
    return hoc::test::run([] { return Coarsening(hoc::test::device()); });
}

std::string launchText(std::size_t n, std::size_t perItem, std::size_t local)
{
    return std::string(HOC_UNDER_TEST) + ", coarsening.cpp: launchFor(" + std::to_string(n) + ", " +
           std::to_string(perItem) + ", " + std::to_string(local) + ")";
}

// launchFor's answer against the one worked by hand: the first wrong field, with what the numbers
// show (the work-items rounded down, perItem left out, one work-item too many, an NDRange that is not
// whole work-groups or not enough of them, a work-group count that is not global / local).
::testing::AssertionResult launchMatches(const Launch& got, std::size_t n, std::size_t perItem, std::size_t local,
                                         const Launch& want)
{
    const auto failure = [&](const std::string& field, std::size_t value, std::size_t expected) {
        return ::testing::AssertionFailure() << launchText(n, perItem, local) << ": " << field << " " << value
                                             << ", expected " << expected << "\n  hint: ";
    };
    const auto count = [](std::size_t x) { return std::to_string(x); };
    if (got.workItems != want.workItems) {
        auto f = failure("workItems", got.workItems, want.workItems);
        if (got.workItems == n / perItem && n % perItem != 0)
            return f << hoc::test::hint(hoc::hints::launch_rounded_down, {{"got", count(got.workItems)},
                                                                          {"n", count(n)},
                                                                          {"per_item", count(perItem)},
                                                                          {"rest", count(n % perItem)},
                                                                          {"from", count(n - n % perItem)}});
        if (got.workItems == n && perItem > 1)
            return f << hoc::test::hint(hoc::hints::launch_per_item_unused, {{"per_item", count(perItem)}});
        if (got.workItems > want.workItems)
            return f << hoc::test::hint(hoc::hints::launch_too_many, {{"extra", count(got.workItems - want.workItems)},
                                                                      {"n", count(n)},
                                                                      {"per_item", count(perItem)},
                                                                      {"want", count(want.workItems)}});
        return f << hoc::test::hint(
                   hoc::hints::launch_too_few,
                   {{"got", count(got.workItems)}, {"covered", count(got.workItems * perItem)}, {"n", count(n)}});
    }
    if (got.global != want.global) {
        auto f = failure("global", got.global, want.global);
        return f << hoc::test::hint(hoc::hints::launch_ndrange, {{"got", count(got.global)},
                                                                 {"work_items", count(got.workItems)},
                                                                 {"local", count(local)},
                                                                 {"want", count(want.global)}});
    }
    if (got.groups != want.groups)
        return failure("groups", got.groups, want.groups)
               << hoc::test::hint(hoc::hints::launch_groups, {{"global", count(got.global)}, {"local", count(local)}});
    return ::testing::AssertionSuccess();
}

// Where a wrong result most likely comes from.
std::string hint(const ScaleResult& r, const std::vector<float>& in, const std::vector<float>& expected,
                 std::size_t perItem)
{
    const std::string where = "\n  where: kernel scale_coarse in coarsening.cl (" + std::to_string(perItem) +
                              " per work-item, " + std::to_string(r.launch.global) + " work-items launched)\n  hint: ";
    if (std::all_of(r.out.begin(), r.out.end(), [](float x) { return x == 0.0f; }))
        return where + hoc::test::hint(hoc::hints::starter);
    // One element per work-item (the given scale's body): exactly elements 0 to global - 1 written,
    // the rest left at the host's 0. The coarsening itself is missing.
    const std::size_t launched = std::min(r.launch.global, r.out.size());
    if (perItem > 1 && launched < r.out.size()) {
        bool onePerItem = true;
        for (std::size_t i = 0; onePerItem && i < r.out.size(); ++i)
            onePerItem = i < launched ? r.out[i] == expected[i] : r.out[i] == 0.0f || expected[i] == 0.0f;
        if (onePerItem)
            return where + hoc::test::hint(hoc::hints::technique_per_item, {{"last", std::to_string(launched - 1)},
                                                                            {"launched", std::to_string(launched)},
                                                                            {"per_item", std::to_string(perItem)}});
    }
    // The host fills out with 0 first: a 0 where the reference is not 0 was never written.
    for (std::size_t i = 0; i < r.out.size(); ++i)
        if (r.out[i] == 0.0f && expected[i] != 0.0f)
            return where + hoc::test::hint(hoc::hints::unwritten,
                                           {{"element", std::to_string(i)}, {"per_item", std::to_string(perItem)}});
    for (std::size_t i = 0; i < r.out.size(); ++i)
        if (r.out[i] != expected[i]) {
            std::string what = "out[" + std::to_string(i) + "] = " + std::to_string(r.out[i]) + ", should be " +
                               std::to_string(kScale) + " * in[" + std::to_string(i) +
                               "] = " + std::to_string(expected[i]);
            for (std::size_t j = 0; j < in.size(); ++j)
                if (r.out[i] == kScale * in[j]) {
                    what += "; it is " + std::to_string(kScale) + " * in[" + std::to_string(j) + "]";
                    break;
                }
            return where + hoc::test::hint(hoc::hints::wrong_element, {{"what", what}});
        }
    return where;
}

void checkLengths(Coarsening& coarsening, std::size_t perItem, std::size_t local)
{
    std::vector<std::size_t> lengths(std::begin(kLengths), std::end(kLengths));
    lengths.insert(lengths.end(), {perItem - 1, perItem, perItem + 1, 3 * perItem + 1});
    for (const std::size_t n : lengths) {
        if (n == 0 || n > 300000)
            continue;
        const std::vector<float> in = hoc::randomFloats(n, static_cast<std::uint32_t>(n + perItem));
        const ScaleResult r = hoc::test::run([&] { return coarsening.run(in, kScale, perItem, local); });
        const std::vector<float> expected = referenceScale(in, kScale);
        ASSERT_TRUE(hoc::test::correct(hoc::compare(expected, r.out),
                                       "scale_coarse, n = " + std::to_string(n) + ", " + std::to_string(perItem) +
                                           " per work-item, work-groups of " + std::to_string(r.local)))
            << hint(r, in, expected, perItem);
        EXPECT_GT(r.seconds, 0.0) << "the kernel's profiling event should report its run time";
    }
}

}  // namespace

TEST(Coarsening, LaunchAnswersTheNotesQuiz)
{
    // 004 §2.4: each work-item scales two adjacent elements; "What changes to ND-Range are necessary?"
    // For 2048 elements, 1024 work-items instead of 2048: 4 work-groups of 256 instead of 8.
    EXPECT_TRUE(launchMatches(launchFor(2048, 1, 256), 2048, 1, 256, {2048, 2048, 8}));
    EXPECT_TRUE(launchMatches(launchFor(2048, 2, 256), 2048, 2, 256, {1024, 1024, 4}));
}

TEST(Coarsening, LaunchRoundsUp)
{
    struct Case {
        std::size_t n, perItem, local, workItems, global, groups;
    };
    // Worked by hand: ceil(n / perItem) work-items, rounded up to whole work-groups.
    const Case cases[] = {
        {1001, 2, 256, 501, 512, 2},          // 1001 elements: the last work-item takes one
        {1000, 3, 64, 334, 384, 6},           // 333 work-items would leave element 999 out
        {1, 64, 256, 1, 256, 1},              // fewer elements than one work-item takes
        {1u << 24, 65536, 256, 256, 256, 1},  // the whole vector in one work-group: the device starves
        {1u << 24, 4, 256, 1u << 22, 1u << 22, 16384},
        {4097, 4097, 1, 1, 1, 1},
    };
    for (const Case& c : cases)
        EXPECT_TRUE(launchMatches(launchFor(c.n, c.perItem, c.local), c.n, c.perItem, c.local,
                                  {c.workItems, c.global, c.groups}));
}

// Step 5's prediction, worked out here without launchFor: 2^24 floats, f per work-item, ceil(2^24 / f)
// work-items in work-groups of 256, against the H100's 132 compute units.
TEST(Coarsening, StepFivePrediction)
{
    const std::size_t n = std::size_t{1} << 24;
    std::size_t first = 0;
    for (std::size_t f = 1; f <= n && first == 0; f *= 2)
        if (((n + f - 1) / f + 255) / 256 < 132)
            first = f;
    const std::size_t mine = stepFivePrediction();
    EXPECT_EQ(mine, first) << HOC_UNDER_TEST << ", coarsening.cpp: stepFivePrediction() (step 5 of the README)"
                           << (mine == 0 ? ": not made yet (it returns 0)" : "")
                           << "\n  hint: " << hoc::test::hint(hoc::hints::step5_starving);
}

TEST(Coarsening, EveryFactorMatchesTheReference)
{
    Coarsening coarsening = makeCoarsening();
    for (const std::size_t perItem : kFactors) {
        checkLengths(coarsening, perItem, 0);
        if (HasFatalFailure())
            return;  // the first wrong factor is enough
    }
}

TEST(Coarsening, WorkGroupsFromOneToTheMaximum)
{
    Coarsening coarsening = makeCoarsening();
    const std::size_t largest = coarsening.maxWorkGroupSize();  // CL_KERNEL_WORK_GROUP_SIZE
    for (const std::size_t perItem : {std::size_t{1}, std::size_t{3}, std::size_t{64}})
        for (const std::size_t local : {std::size_t{1}, std::size_t{7}, largest}) {
            checkLengths(coarsening, perItem, local);
            if (HasFatalFailure())
                return;
        }
}

TEST(Coarsening, BadRequestsAreRefused)
{
    Coarsening coarsening = makeCoarsening();
    EXPECT_THROW(hoc::test::run([&] { return coarsening.run({}, kScale, 1); }), std::runtime_error);
    EXPECT_THROW(hoc::test::run([&] { return coarsening.run({1.0f}, kScale, 0); }), std::runtime_error);
}
