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
#include "hoc/common/device.hpp"
#include "hoc/common/limits.hpp"
#include "hoc_hints/Exercise22_Divergence.hpp"
#include "hoc_test.hpp"
#include "warps2d.hpp"

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
    if (unwritten < out.size()) {
        // The work-item the lesson gives the element (block 2 * (e / (2 span)) + e % 2, lane
        // (e % (2 span)) / 2): below n, no check against n skipped it, so the formula is the cause.
        const std::size_t block = 2 * (unwritten / (2 * span)) + unwritten % 2;
        const std::size_t lane = (unwritten % (2 * span)) / 2;
        const std::size_t owner = block * span + lane;
        if (owner < out.size())
            return where + hoc::test::hint(hoc::hints::unwritten_owner_below_n, {{"element", std::to_string(unwritten)},
                                                                                 {"span", std::to_string(span)},
                                                                                 {"block", std::to_string(block)},
                                                                                 {"lane", std::to_string(lane)},
                                                                                 {"owner", std::to_string(owner)}});
        return where + hoc::test::hint(hoc::hints::unwritten, {{"element", std::to_string(unwritten)}});
    }
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

namespace {

// The grouped kernel's first block alone: an NDRange of `span` work-items, out filled with NaN before,
// so that the elements one block writes are the ones no longer NaN.
std::vector<float> runFirstBlock(Divergence& divergence, const std::vector<float>& h_in, unsigned steps,
                                 std::size_t span)
{
    const cl::Device& device = hoc::test::device();
    const cl::Context& context = divergence.context();
    cl::CommandQueue& queue = divergence.queue();
    cl::Kernel kernel = divergence.kernel("grouped");
    const std::size_t n = h_in.size();
    // One work-group of the whole block where the kernel allows it, else work-groups of one.
    const std::size_t local = span <= hoc::localSize(kernel, device, span) ? span : 1;
    cl::Buffer d_in(queue, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context, CL_MEM_WRITE_ONLY, sizeof(float) * n);
    queue.enqueueFillBuffer(d_out, std::nanf(""), 0, sizeof(float) * n);
    kernel.setArg(0, d_in);
    kernel.setArg(1, d_out);
    kernel.setArg(2, static_cast<cl_uint>(n));
    kernel.setArg(3, static_cast<cl_uint>(steps));
    kernel.setArg(4, static_cast<cl_uint>(span));
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(span), cl::NDRange(local));
    std::vector<float> out(n);
    cl::copy(queue, d_out, out.begin(), out.end());
    return out;
}

}  // namespace

// Step 2's lesson from part of the range: the grouped kernel's first block alone (span 8: an NDRange of
// 8 work-items) must write elements of one parity, the even ones (block 0 takes path_a), so that its
// warps take one path. Right values over the whole range do not show it: the given divergent kernel
// written as grouped gives them too.
TEST(DivergenceTechnique, TheFirstBlockTakesOnePath)
{
    Divergence divergence = makeDivergence();
    const std::size_t span = 8, n = 64;
    const std::vector<float> in = hoc::randomFloats(n, 22, -1.0f, 1.0f);
    const std::vector<float> out = hoc::test::run([&] { return runFirstBlock(divergence, in, kSteps, span); });
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

// Part 2: the warps of a 2D work-group. warpOf and warpsPerGroup against the course's own
// numbering (dimension 0 fastest, 004 section 4.14), and by_warp against a reference that numbers
// the warps itself (never through warpOf).
namespace {

std::size_t courseWarp(std::size_t lx, std::size_t ly, std::size_t localX, std::size_t warp)
{
    return (ly * localX + lx) / warp;
}

const Shape kShapes[] = {{32, 8}, {16, 16}, {8, 32}, {12, 12}, {5, 3}, {1, 64}, {64, 1}, {7, 9}, {48, 2}};
const std::size_t kWarps[] = {32, 8, 4, 1, 64};

// What a wrong warpOf does, named from its answers on one shape: nothing yet, dimension 1 fastest,
// the row or the column alone, a warp too many from rounding up.
std::string warpOfHint(const Shape& s, std::size_t warp)
{
    bool zero = true, turned = true, row = true, column = true, roundedUp = true;
    for (std::size_t ly = 0; ly < s.y; ++ly)
        for (std::size_t lx = 0; lx < s.x; ++lx) {
            const std::size_t got = warpOf(lx, ly, s.x, s.y, warp);
            zero = zero && got == 0;
            turned = turned && got == (lx * s.y + ly) / warp;
            row = row && got == ly;
            column = column && got == lx;
            roundedUp = roundedUp && got == (ly * s.x + lx + warp - 1) / warp;
        }
    const std::string where = "\n  hint: ";
    if (zero)
        return where + hoc::test::hint(hoc::hints::warp_of_zero);
    if (turned)
        return where + hoc::test::hint(hoc::hints::warp_of_turned);
    if (row || column)
        return where + hoc::test::hint(hoc::hints::warp_of_one_id, {{"id", row ? "ly" : "lx"}});
    if (roundedUp)
        return where + hoc::test::hint(hoc::hints::warp_of_rounded_up);
    return where + hoc::test::hint(hoc::hints::warp_of_wrong);
}

}  // namespace

TEST(Warps2d, WarpOfNumbersDimensionZeroFastest)
{
    for (const Shape& s : kShapes)
        for (const std::size_t warp : kWarps)
            for (std::size_t ly = 0; ly < s.y; ++ly)
                for (std::size_t lx = 0; lx < s.x; ++lx) {
                    const std::size_t want = courseWarp(lx, ly, s.x, warp), got = warpOf(lx, ly, s.x, s.y, warp);
                    ASSERT_TRUE(got == want)
                        << HOC_UNDER_TEST << "/part2_warps_2d/warps.cpp: warpOf(" << lx << ", " << ly << ", " << s.x
                        << ", " << s.y << ", " << warp << ") is " << got << ", expected " << want << ": the work-item ("
                        << lx << ", " << ly << ") of a " << s.text() << " work-group in warps of " << warp
                        << warpOfHint(s, warp);
                }
}

// 004's quiz, section 4.14: three work-groups of 256 work-items on a compute unit, in warps of 32.
// Its answer says "8 work-items" per work-group and "24 items" in all; it means warps: 8 per
// work-group, 24 on the compute unit (768 work-items). Then shapes whose size is no multiple of a warp.
TEST(Warps2d, WarpsPerGroupAnswersTheQuiz)
{
    const std::size_t quiz = warpsPerGroup(16, 16, 32);
    EXPECT_TRUE(3 * quiz == 24) << HOC_UNDER_TEST << "/part2_warps_2d/warps.cpp: warpsPerGroup(16, 16, 32) is " << quiz
                                << ", so three work-groups of 256 would hold " << 3 * quiz << " warps\n  hint: "
                                << hoc::test::hint(hoc::hints::warps_quiz, {{"got", std::to_string(quiz)}});
    const struct {
        std::size_t x, y, warp, want;
    } cases[] = {{12, 12, 32, 5}, {1, 1, 32, 1}, {33, 1, 32, 2}, {8, 4, 32, 1},
                 {64, 4, 32, 8},  {5, 3, 4, 4},  {7, 9, 1, 63}};
    for (const auto& c : cases) {
        const std::size_t got = warpsPerGroup(c.x, c.y, c.warp);
        EXPECT_TRUE(got == c.want) << HOC_UNDER_TEST << "/part2_warps_2d/warps.cpp: warpsPerGroup(" << c.x << ", "
                                   << c.y << ", " << c.warp << ") is " << got << ", expected " << c.want << "\n  hint: "
                                   << hoc::test::hint(
                                          got + 1 == c.want ? hoc::hints::warps_rounded_down : hoc::hints::warps_count,
                                          {{"items", std::to_string(c.x * c.y)}, {"warp", std::to_string(c.warp)}});
    }
}

// Step 4, worked out here with the course's numbering: in warps of 32, a warp of one of the four
// shapes holds both paths under a rule when its work-items' local ids (the rule's one) have both
// parities; such a warp runs both paths one after the other, and the two cost the same (two fma per
// round each), so a kernel whose every warp is mixed takes twice by_warp's time.
TEST(Warps2d, StepFourPrediction)
{
    const StepFourPrediction mine = stepFourPrediction();
    const std::string where = std::string(HOC_UNDER_TEST) +
                              "/part2_warps_2d/warps.cpp: stepFourPrediction() (step 4 of the README)";
    const bool none = mine.timesByWarpWhenMixed == 0 &&
                      std::all_of(mine.mixedByRow.begin(), mine.mixedByRow.end(),
                                  [](std::size_t m) { return m == 0; }) &&
                      std::all_of(mine.mixedByColumn.begin(), mine.mixedByColumn.end(),
                                  [](std::size_t m) { return m == 0; });
    if (none)
        FAIL() << where
               << ": not made yet (every figure is 0)\n  hint: " << hoc::test::hint(hoc::hints::step4_not_made);
    for (std::size_t s = 0; s < kStepFourShapes.size(); ++s) {
        const Shape shape = kStepFourShapes[s];
        std::size_t byRow = 0, byColumn = 0;
        for (std::size_t w = 0; w < (shape.x * shape.y) / 32; ++w) {
            bool rows[2] = {false, false}, columns[2] = {false, false};
            for (std::size_t ly = 0; ly < shape.y; ++ly)
                for (std::size_t lx = 0; lx < shape.x; ++lx)
                    if (courseWarp(lx, ly, shape.x, 32) == w) {
                        rows[ly % 2] = true;
                        columns[lx % 2] = true;
                    }
            byRow += rows[0] && rows[1] ? 1 : 0;
            byColumn += columns[0] && columns[1] ? 1 : 0;
        }
        EXPECT_EQ(mine.mixedByRow[s], byRow)
            << where << ": the warps of a " << shape.text() << " work-group that hold both paths under by_row's rule\n"
            << "  hint: "
            << hoc::test::hint(hoc::hints::step4_mixed, {{"shape", shape.text()}, {"id", "get_local_id(1)"}});
        EXPECT_EQ(mine.mixedByColumn[s], byColumn)
            << where << ": the warps of a " << shape.text()
            << " work-group that hold both paths under by_column's rule\n"
            << "  hint: "
            << hoc::test::hint(hoc::hints::step4_mixed, {{"shape", shape.text()}, {"id", "get_local_id(0)"}});
    }
    EXPECT_NEAR(mine.timesByWarpWhenMixed, 2.0, 0.05)
        << where << ": a kernel whose every warp holds both paths, as a multiple of by_warp's time\n  hint: "
        << hoc::test::hint(hoc::hints::step4_times);
}

namespace {

// The reference of a rule, with the course's own warp numbering: path_a where the rule's number is
// even. rule(lx, ly, localX) gives that number.
template <typename RuleOf>
std::vector<float> referenceOf(const std::vector<float>& in, std::size_t width, std::size_t height, const Shape& s,
                               RuleOf rule)
{
    std::vector<float> out(in.size());
    for (std::size_t y = 0; y < height; ++y)
        for (std::size_t x = 0; x < width; ++x) {
            const std::size_t e = y * width + x;
            out[e] = rule(x % s.x, y % s.y, x, y) % 2 == 0 ? pathA(in[e], kSteps) : pathB(in[e], kSteps);
        }
    return out;
}

// One run of by_warp, kept for the diagnosis: its case and its input and output.
struct WarpRun {
    std::size_t width, height;
    Shape shape;
    std::size_t warp;
    std::vector<float> in, out;
};

// What by_warp branched on, found by which rule's reference every run's result matches (one run alone
// can fit several: in work-groups of an even width, the linear index's parity is the column's).
std::string byWarpHint(const std::vector<WarpRun>& runs)
{
    const std::string where = "\n  hint: ";
    if (std::all_of(runs.begin(), runs.end(), [](const WarpRun& r) {
            return std::all_of(r.out.begin(), r.out.end(), [](float v) { return v == 0.0f; });
        }))
        return where + hoc::test::hint(hoc::hints::by_warp_starter);
    for (const int constant : {0, 1})
        if (std::all_of(runs.begin(), runs.end(), [&](const WarpRun& r) {
                return referenceOf(r.in, r.width, r.height, r.shape,
                                   [&](std::size_t, std::size_t, std::size_t, std::size_t) {
                                       return static_cast<std::size_t>(constant);
                                   }) == r.out;
            }))
            return where +
                   hoc::test::hint(hoc::hints::by_warp_one_path, {{"path", constant == 0 ? "path_a" : "path_b"}});
    // rule(lx, ly, x, y, run): the number whose parity picks the path.
    const auto matches = [&](auto rule) {
        return std::all_of(runs.begin(), runs.end(), [&](const WarpRun& r) {
            return referenceOf(r.in, r.width, r.height, r.shape,
                               [&](std::size_t lx, std::size_t ly, std::size_t x, std::size_t y) {
                                   return rule(lx, ly, x, y, r);
                               }) == r.out;
        });
    };
    if (matches([](std::size_t, std::size_t ly, std::size_t, std::size_t, const WarpRun&) { return ly; }))
        return where +
               hoc::test::hint(hoc::hints::by_warp_as_other, {{"kernel", "by_row"}, {"rule", "get_local_id(1) % 2"}});
    if (matches([](std::size_t lx, std::size_t, std::size_t, std::size_t, const WarpRun&) { return lx; }))
        return where + hoc::test::hint(hoc::hints::by_warp_as_other,
                                       {{"kernel", "by_column"}, {"rule", "get_local_id(0) % 2"}});
    if (matches([](std::size_t lx, std::size_t ly, std::size_t, std::size_t, const WarpRun& r) {
            return (lx * r.shape.y + ly) / r.warp;
        }))
        return where + hoc::test::hint(hoc::hints::warp_of_turned);
    if (matches([](std::size_t, std::size_t, std::size_t x, std::size_t y, const WarpRun& r) {
            return (y * hoc::roundUp(r.width, r.shape.x) + x) / r.warp;
        }) ||
        matches([](std::size_t, std::size_t, std::size_t x, std::size_t y, const WarpRun& r) {
            return (y * r.width + x) / r.warp;
        }))
        return where + hoc::test::hint(hoc::hints::by_warp_global_index);
    if (matches([](std::size_t lx, std::size_t ly, std::size_t, std::size_t, const WarpRun& r) {
            return ly * r.shape.x + lx;
        }))
        return where + hoc::test::hint(hoc::hints::by_warp_linear_parity);
    return where + hoc::test::hint(hoc::hints::by_warp_wrong);
}

}  // namespace

// The given kernels against their rules, and by_warp against the course's warps, on grids that are
// no multiple of their work-groups, in shapes whose rows are shorter than, equal to and longer than
// a warp, and shapes of no multiple of a warp.
TEST(Warps2d, EveryKernelMatchesItsRule)
{
    Warps2d warps = hoc::test::run([] { return Warps2d(hoc::test::device()); });
    const struct {
        std::size_t width, height;
        Shape shape;
        std::size_t warp;
    } cases[] = {{37, 11, {8, 2}, 4},    {37, 11, {3, 5}, 4}, {64, 64, {16, 16}, 32}, {64, 64, {32, 8}, 32},
                 {70, 20, {12, 12}, 32}, {50, 9, {8, 4}, 8},  {5, 3, {1, 1}, 1},      {40, 40, {4, 16}, 8}};
    std::vector<WarpRun> byWarp;
    for (const auto& c : cases) {
        const std::vector<float> in = hoc::randomFloats(c.width * c.height,
                                                        static_cast<std::uint32_t>(c.width + c.warp));
        const std::string what = ", grid " + std::to_string(c.width) + "x" + std::to_string(c.height) +
                                 ", work-groups of " + c.shape.text() + ", warps of " + std::to_string(c.warp);
        for (const Rule rule : {Rule::column, Rule::row}) {
            const GridRun r = hoc::test::run(
                [&] { return warps.run(rule, in, c.width, c.height, c.shape, kSteps, c.warp); });
            const auto expected = referenceOf(in, c.width, c.height, c.shape,
                                              [rule](std::size_t lx, std::size_t ly, std::size_t, std::size_t) {
                                                  return rule == Rule::column ? lx : ly;
                                              });
            ASSERT_TRUE(hoc::test::correct(hoc::compare(expected, r.out), std::string(kernelName(rule)) + what))
                << "the given kernels are not yours to change; was " << kernelName(rule) << " changed?";
        }
        const GridRun r = hoc::test::run(
            [&] { return warps.run(Rule::warp, in, c.width, c.height, c.shape, kSteps, c.warp); });
        byWarp.push_back({c.width, c.height, c.shape, c.warp, in, r.out});
        EXPECT_GT(r.seconds, 0.0) << "the kernel's profiling event should report its run time";
    }
    // by_warp against the course's warps, case by case; where one is wrong, the hint reads every case.
    for (const WarpRun& run : byWarp) {
        const auto expected = referenceOf(run.in, run.width, run.height, run.shape,
                                          [&](std::size_t lx, std::size_t ly, std::size_t, std::size_t) {
                                              return courseWarp(lx, ly, run.shape.x, run.warp);
                                          });
        const hoc::CheckResult check = hoc::compare(expected, run.out);
        ASSERT_TRUE(check.ok) << HOC_UNDER_TEST << "/part2_warps_2d/warps2d.cl: kernel by_warp, grid " << run.width
                              << "x" << run.height << ", work-groups of " << run.shape.text() << ", warps of "
                              << run.warp << ": " << check.message() << byWarpHint(byWarp);
    }
}

TEST(Warps2d, BadRequestsAreRefused)
{
    Warps2d warps = hoc::test::run([] { return Warps2d(hoc::test::device()); });
    const std::vector<float> in(12, 1.0f);
    EXPECT_THROW(hoc::test::run([&] { return warps.run(Rule::warp, in, 4, 4, {2, 2}, kSteps, 8); }),
                 std::runtime_error);
    EXPECT_THROW(hoc::test::run([&] { return warps.run(Rule::warp, in, 4, 3, {2, 2}, kSteps, 0); }),
                 std::runtime_error);
}
