// Exercise 22: both kernels against the serial reference, exactly (fma only: correctly rounded on
// the device as on the host), for lengths that are no multiple of a block pair or a work-group, for
// spans that divide no warp (7) and spans larger than the work-group, and for work-groups from 1
// work-item to the kernels' CL_KERNEL_WORK_GROUP_SIZE.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "divergence.hpp"
#include "hoc/common/data.hpp"
#include "hoc_hints/Exercise22_Divergence.hpp"
#include "hoc_test.hpp"

namespace {

constexpr unsigned kSteps = 3;  // enough to tell path_a from path_b; cheap on PoCL
const std::size_t kLengths[] = {1, 2, 3, 1000, 4097};
const std::size_t kSpans[] = {0, 1, 2, 7, 32, 64, 300};  // 0: the divergent kernel

Divergence makeDivergence()
{
    return hoc::test::run([] { return Divergence(hoc::test::device()); });
}

std::string kernelText(std::size_t span)
{
    return span == 0 ? "kernel divergent" : "kernel grouped (span " + std::to_string(span) + ")";
}

// Where a wrong result comes from, read from the wrong elements themselves: never written (still the
// host's 0), the other path of their own input (the branch does not follow the element), or neither
// path of their own input (the element's value came from another input).
std::string hint(std::size_t span, const std::vector<float>& in, const std::vector<float>& out,
                 const std::vector<float>& expected)
{
    const std::string where = "\n  where: " + kernelText(span) + " in divergence.cl\n  hint: ";
    if (std::all_of(out.begin(), out.end(), [](float x) { return x == 0.0f; }))
        return where + hoc::test::hint(hoc::hints::starter);
    if (span == 0)
        return where + hoc::test::hint(hoc::hints::divergent_changed);
    // The host fills out with 0 first: a 0 where the reference is not 0 was never written.
    std::size_t unwritten = 0;
    while (unwritten < out.size() && !(out[unwritten] == 0.0f && expected[unwritten] != 0.0f))
        ++unwritten;
    if (unwritten < out.size())
        return where + hoc::test::hint(hoc::hints::unwritten, {{"element", std::to_string(unwritten)}});
    std::size_t wrong = 0;
    while (wrong < out.size() && out[wrong] == expected[wrong])
        ++wrong;
    if (wrong == out.size())
        return where + hoc::test::hint(hoc::hints::path_follows_element);
    const bool even = wrong % 2 == 0;
    const float other = even ? pathB(in[wrong], kSteps) : pathA(in[wrong], kSteps);
    if (out[wrong] != other)
        return where + hoc::test::hint(hoc::hints::other_input, {{"element", std::to_string(wrong)}});
    // Every wrong element took the other path. Two shapes do that, each with its own wrong elements:
    // the elements left where they were (element e computed by work-item e) with the branch on the
    // block's parity, where the wrong ones are those whose (e / span) % 2 differs from e % 2; and the
    // elements placed right with the branch on the parity of the work-item that computes each. At
    // small spans and lengths the two sets can be the same: then both are named.
    const auto byBlockUnmoved = [span](std::size_t e) { return (e / span) % 2 != e % 2; };
    const auto byWorkItem = [span](std::size_t e) {
        const std::size_t block = 2 * (e / (2 * span)) + e % 2;
        const std::size_t workItem = block * span + (e % (2 * span)) / 2;
        return workItem % 2 != e % 2;
    };
    bool unmoved = true;
    bool workItem = true;
    for (std::size_t e = 0; e < out.size(); ++e) {
        const bool bad = out[e] != expected[e];
        unmoved = unmoved && bad == byBlockUnmoved(e);
        workItem = workItem && bad == byWorkItem(e);
    }
    const hoc::test::HintValues values = {
        {"element", std::to_string(wrong)}, {"parity", even ? "even" : "odd"}, {"taken", even ? "path_b" : "path_a"}};
    if (unmoved && workItem)
        return where + hoc::test::hint(hoc::hints::path_either, values);
    if (unmoved)
        return where + hoc::test::hint(hoc::hints::path_follows_element);
    return where + hoc::test::hint(hoc::hints::wrong_path, values);
}

void checkLengths(Divergence& divergence, std::size_t span, std::size_t local)
{
    // The fixed lengths, and for the grouped kernel a block pair (2 * span elements) and one either side.
    std::vector<std::size_t> lengths(std::begin(kLengths), std::end(kLengths));
    if (span > 0)
        lengths.insert(lengths.end(), {2 * span - 1, 2 * span, 2 * span + 1});
    for (const std::size_t n : lengths) {
        const std::vector<float> in = hoc::randomFloats(n, static_cast<std::uint32_t>(n + span));
        const PathsResult r = hoc::test::run([&] { return divergence.run(in, kSteps, span, local); });
        const std::vector<float> expected = referencePaths(in, kSteps);
        ASSERT_TRUE(hoc::test::correct(hoc::compare(expected, r.out), kernelText(span) + ", n = " + std::to_string(n) +
                                                                          ", work-groups of " +
                                                                          std::to_string(r.local)))
            << hint(span, in, r.out, expected);
        EXPECT_EQ(r.global % r.local, 0u) << "the NDRange must be whole work-groups";
        EXPECT_GT(r.seconds, 0.0) << "the kernel's profiling event should report its run time";
    }
}

}  // namespace

// Step 3: on a GPU whose warps are 32 work-items, grouped takes half of divergent's time once a block
// of `span` work-items covers whole warps, so that no warp holds both paths: from span 32 on.
TEST(Divergence, StepThreePrediction)
{
    Divergence divergence = makeDivergence();
    const std::size_t mine = hoc::test::run([&] { return divergence.stepThreePrediction(); });
    EXPECT_EQ(mine, 32u) << HOC_UNDER_TEST << ": STEP3_SPAN in divergence.cl (step 3 of the README)"
                         << (mine == 0 ? ": not made yet (it is 0)" : "")
                         << "\n  hint: " << hoc::test::hint(hoc::hints::step3_span);
}

TEST(Divergence, PathsDiffer)
{
    // The lesson needs two different paths: a kernel that took the wrong one must fail.
    EXPECT_NE(pathA(0.3f, kSteps), pathB(0.3f, kSteps));
}

TEST(Divergence, EveryKernelAndSpanMatchesTheReference)
{
    Divergence divergence = makeDivergence();
    for (const std::size_t span : kSpans) {
        checkLengths(divergence, span, 0);
        if (HasFatalFailure())
            return;  // the first wrong kernel is enough
    }
}

TEST(Divergence, WorkGroupsFromOneToTheMaximum)
{
    Divergence divergence = makeDivergence();
    for (const std::size_t span : {std::size_t{0}, std::size_t{7}, std::size_t{32}}) {
        const std::size_t largest = divergence.maxWorkGroupSize(span);  // CL_KERNEL_WORK_GROUP_SIZE
        for (const std::size_t local : {std::size_t{1}, std::size_t{7}, largest}) {
            checkLengths(divergence, span, local);
            if (HasFatalFailure())
                return;
        }
    }
}

TEST(Divergence, BadRequestsAreRefused)
{
    Divergence divergence = makeDivergence();
    EXPECT_THROW(hoc::test::run([&] { return divergence.run({}, kSteps, 32); }), std::runtime_error);
    EXPECT_THROW(hoc::test::run([&] { return divergence.run({1.0f}, kSteps, kMaxSpan + 1); }), std::runtime_error);
}

// Step 2's lesson from part of the range: the grouped kernel's first block alone (span 8: an NDRange of
// 8 work-items) must write elements of one parity, the even ones (block 0 takes path_a), so that its
// warps take one path. Right values over the whole range do not show it: the given divergent kernel
// written as grouped gives them too.
TEST(DivergenceTechnique, TheFirstBlockTakesOnePath)
{
    Divergence divergence = makeDivergence();
    const std::size_t span = 8, n = 64;
    const std::vector<float> in = hoc::randomFloats(n, 22, -1.0f, 1.0f);
    const std::vector<float> out = hoc::test::run([&] { return divergence.runFirstBlock(in, kSteps, span); });
    std::vector<std::size_t> even, odd;
    for (std::size_t e = 0; e < n; ++e)
        if (!std::isnan(out[e]))
            (e % 2 == 0 ? even : odd).push_back(e);
    const auto list = [](const std::vector<std::size_t>& elements) {
        std::string text;
        for (std::size_t i = 0; i < elements.size() && i < 4; ++i)
            text += (i ? ", " : "") + std::to_string(elements[i]);
        return text + (elements.size() > 4 ? ", ..." : "");
    };
    const std::string where = std::string(HOC_UNDER_TEST) + "/divergence.cl: grouped's first block alone (span " +
                              std::to_string(span) + ": an NDRange of work-items 0 to " + std::to_string(span - 1) +
                              ", " + std::to_string(n) + " elements) ";
    ASSERT_FALSE(even.empty() && odd.empty()) << where << "wrote no element";
    EXPECT_TRUE(odd.empty()) << where << "wrote " << even.size() << " even element(s) (" << list(even) << ") and "
                             << odd.size() << " odd one(s) (" << list(odd) << ")\n  hint: "
                             << hoc::test::hint(hoc::hints::technique_one_parity, {{"kernel", "grouped"}});
}
