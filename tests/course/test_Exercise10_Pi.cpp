// Exercise 10: the four pi designs (steps) against the exact midpoint-rule value, for step counts
// that are not multiples of anything and for work-group sizes from 1 to the kernel's maximum.
//
// Tolerances: the tree design (step 4) is held to the course's target, 1e-6, for every step count
// (its measured error is below 1e-7: see the README). The simple design (step 1) is held to the
// worst case of its plain float sums (hoc::pi::floatSumBound): each term goes through at most
// stepsPerItem additions in its work-item and workGroupSize in work-item 0, every one rounded by at
// most 2^-24. The simple_tree design (step 2) likewise, with ceil(log2(workGroupSize)) additions in
// the tree instead of workGroupSize (hoc::pi::floatAdditions): tight enough that a tree leaving out
// one work-item's sum is caught (250 steps of at least 2 / steps each). The counted_x design (step 3)
// changes only how x is computed, so it is held to step 2's bound.
// The references and bounds themselves (the pi library, Pi/) are tested in tests/common/test_pi.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "hoc_hints/Exercise10_Pi.hpp"
#include "hoc_test.hpp"
#include "hoc/pi/bounds.hpp"
#include "hoc/pi/reference.hpp"
#include "pi.hpp"

namespace {

PiResult runPi(std::uint64_t steps, PiDesign design, std::size_t local = 0, std::uint64_t perItem = 0)
{
    PiOptions options;
    options.steps = steps;
    options.design = design;
    options.workGroupSize = local;
    options.stepsPerItem = perItem;
    return hoc::test::run([&] { return pi(hoc::test::device(), options); });
}

std::string what(const char* design, std::uint64_t steps, const PiResult& r)
{
    return std::string(design) + ", " + hoc::pi::stepsText(steps) + " (" + std::to_string(r.workGroups) +
           (r.workGroups == 1 ? " work-group of " : " work-groups of ") + std::to_string(r.workGroupSize) + ")";
}

// Where a wrong value points, from the value itself (each case is the symptom of the bug named):
//   0                     nothing was added: the starter kernel (it writes 0), or no copy back
//   the left-edge sum     x at the left edge of each step, x = i * step (computed here in double)
//   one step per item     each work-item's value is one of its steps alone (its last or its first):
//                         the running sum overwritten in each step instead of added to
//   within plain sums'    step 4 only: off the target, but by no more than plain float sums and a tree
//     bound                 can be off (step 3's bound, `plain`): the compensated sum, step 4's lesson,
//                           is missing (its error does not grow with the number of steps)
//   above the bound       steps counted twice, or steps past nsteps added (their x lie beyond 1)
//   below the bound       steps, work-items' values or work-groups' sums left out
// The kernel each design runs (pi.cl).
const char* kernelOf(PiDesign design)
{
    return design == PiDesign::Simple       ? "pi_simple"
           : design == PiDesign::SimpleTree ? "pi_simple_tree"
           : design == PiDesign::CountedX   ? "pi_counted_x"
                                            : "pi";
}

std::string hint(PiDesign design, std::uint64_t steps, std::uint64_t perItem, double expected, double got,
                 double allowed, double plain = 0)
{
    const char* kernel = kernelOf(design);
    const std::string where = std::string("\n  where: kernel ") + kernel +
                              " in pi.cl, or the host code in pi.cpp\n  hint: ";
    const double h = 1.0 / static_cast<double>(steps);
    if (got == 0)
        return where + hoc::test::hint(hoc::hints::zero, {{"kernel", kernel}});
    if (steps <= (std::uint64_t{1} << 25)) {
        double left = 0;  // the left-edge sum, x = i * h, in double
        for (std::uint64_t i = 0; i < steps; ++i) {
            const double x = static_cast<double>(i) * h;
            left += 4.0 / (1.0 + x * x);
        }
        if (std::fabs(got - left * h) <= allowed + 1e-6 * std::fabs(left * h))
            return where + hoc::test::hint(hoc::hints::left_edge);
    }
    if (perItem > 1 && steps <= (std::uint64_t{1} << 25)) {
        // One step per work-item, in double: the last of each work-item's steps, and the first.
        double last = 0, first = 0;
        for (std::uint64_t start = 0; start < steps; start += perItem) {
            const double xl = (static_cast<double>(std::min(start + perItem, steps) - 1) + 0.5) * h;
            const double xf = (static_cast<double>(start) + 0.5) * h;
            last += 4.0 / (1.0 + xl * xl);
            first += 4.0 / (1.0 + xf * xf);
        }
        for (const auto& [sum, which] : {std::pair{last, "last"}, std::pair{first, "first"}})
            if (std::fabs(got - sum * h) <= allowed + 1e-6 * std::fabs(sum * h))
                return where + hoc::test::hint(hoc::hints::one_step_per_item,
                                               {{"which", which}, {"per_item", std::to_string(perItem)}});
    }
    if (design == PiDesign::Tree && std::fabs(got - expected) <= plain)
        return where + hoc::test::hint(hoc::hints::technique_compensated, {{"kernel", kernel},
                                                                           {"error", std::to_string(got - expected)},
                                                                           {"plain", std::to_string(plain)}});
    if (got > expected)
        return where + hoc::test::hint(hoc::hints::more);
    return where + hoc::test::hint(design == PiDesign::Simple ? hoc::hints::less_simple : hoc::hints::less_tree,
                                   {{"fraction", std::to_string(got / expected)}});
}

::testing::AssertionResult accurate(PiDesign design, const char* name, std::uint64_t steps, const PiResult& r,
                                    double allowed, double plain = 0)
{
    const double expected = hoc::pi::reference(steps);
    ::testing::AssertionResult ok = hoc::test::correct(hoc::compareValue(expected, r.pi, allowed),
                                                       what(name, steps, r));
    if (!ok)
        ok << hint(design, steps, r.stepsPerItem, expected, r.pi, allowed, plain);
    return ok;
}

// The tree design's wrong value is also held to step 3's bound (plain float sums in each work-item,
// then the tree): within it, the value is what step 3's kernel gives, not a lost or doubled step.
::testing::AssertionResult treeAccurate(std::uint64_t steps, const PiResult& r)
{
    const double plain = hoc::pi::floatSumBound(
        hoc::pi::floatAdditions(r.stepsPerItem, r.workGroupSize, hoc::pi::Summation::FloatTree));
    return accurate(PiDesign::Tree, "tree design", steps, r, hoc::pi::kTarget, plain);
}

::testing::AssertionResult simpleAccurate(std::uint64_t steps, const PiResult& r)
{
    return accurate(PiDesign::Simple, "simple design", steps, r,
                    hoc::pi::floatSumBound(r.stepsPerItem + r.workGroupSize));
}

::testing::AssertionResult simpleTreeAccurate(std::uint64_t steps, const PiResult& r)
{
    return accurate(PiDesign::SimpleTree, "simple_tree design", steps, r,
                    hoc::pi::floatSumBound(
                        hoc::pi::floatAdditions(r.stepsPerItem, r.workGroupSize, hoc::pi::Summation::FloatTree)));
}

::testing::AssertionResult countedXAccurate(std::uint64_t steps, const PiResult& r)
{
    return accurate(PiDesign::CountedX, "counted_x design", steps, r,
                    hoc::pi::floatSumBound(
                        hoc::pi::floatAdditions(r.stepsPerItem, r.workGroupSize, hoc::pi::Summation::FloatTree)));
}

// The kernel's own limit, as the host asked it (CL_KERNEL_WORK_GROUP_SIZE).
std::size_t maxLocal(PiDesign design)
{
    static std::size_t cached[4] = {0, 0, 0, 0};
    std::size_t& m = cached[static_cast<int>(design)];
    if (m == 0)
        m = runPi(1, design).maxWorkGroupSize;
    return m;
}

}  // namespace

// Tests loop over their cases inside one test: each test is a process, and each process pays for
// setting up PoCL and loading the compiled kernels again. Their names start with the step they test
// (Pi.Step1..., Pi.Step2...), so that each step can be checked alone (the README's commands).

namespace {

// Work-group sizes 1 (no round of a tree), 3 (not a power of two: a partner past the end), 64 and
// the kernel's maximum (4096 on PoCL: many rounds). Each work-group size costs PoCL a compilation,
// so the list is short. Steps 1-3 get 250 steps per work-item, so that there are many work-groups.
void checkWorkGroupSizes(PiDesign design)
{
    const std::uint64_t steps = 1000003;
    for (const std::size_t local : {std::size_t{1}, std::size_t{3}, std::size_t{64}, maxLocal(design)}) {
        const PiResult r = runPi(steps, design, local, design == PiDesign::Tree ? 0 : 250);
        EXPECT_EQ(r.workGroupSize, local)
            << HOC_UNDER_TEST << "/pi.cpp: " << kernelOf(design) << " asked for work-groups of " << local
            << " ran work-groups of " << r.workGroupSize << ": the launch's local range is the size asked for";
        switch (design) {
        case PiDesign::Simple: ASSERT_TRUE(simpleAccurate(steps, r)); break;
        case PiDesign::SimpleTree: ASSERT_TRUE(simpleTreeAccurate(steps, r)); break;
        case PiDesign::CountedX: ASSERT_TRUE(countedXAccurate(steps, r)); break;
        case PiDesign::Tree: ASSERT_TRUE(treeAccurate(steps, r)); break;
        }
    }
}

}  // namespace

TEST(Pi, Step1SimpleWithinFloatBound)
{
    // The slides' sizes: one work-group per compute unit, made just large enough (1 work-item for
    // 1000 steps, 9 for 2^22 + 5 on PoCL's 2 compute units).
    for (const std::uint64_t steps : {std::uint64_t{1}, std::uint64_t{1000}, (std::uint64_t{1} << 22) + 5})
        ASSERT_TRUE(simpleAccurate(steps, runPi(steps, PiDesign::Simple)));
    // Short runs per work-item: many work-groups, and a bound tight enough to catch a lost one.
    ASSERT_TRUE(simpleAccurate(100003, runPi(100003, PiDesign::Simple, 64, 100)));
}

TEST(Pi, Step1SimpleWorkGroupSizesFromOneToTheMaximum) { checkWorkGroupSizes(PiDesign::Simple); }

TEST(Pi, Step2SimpleTreeWithinFloatBound)
{
    // Step 2 keeps step 1's sizes and loop, so the same cases: few steps, one work-group per compute
    // unit, then many short work-items in many work-groups.
    for (const std::uint64_t steps : {std::uint64_t{1}, std::uint64_t{1000}, (std::uint64_t{1} << 22) + 5})
        ASSERT_TRUE(simpleTreeAccurate(steps, runPi(steps, PiDesign::SimpleTree)));
    ASSERT_TRUE(simpleTreeAccurate(100003, runPi(100003, PiDesign::SimpleTree, 64, 100)));
}

TEST(Pi, Step2SimpleTreeWorkGroupSizesFromOneToTheMaximum) { checkWorkGroupSizes(PiDesign::SimpleTree); }

TEST(Pi, Step3CountedXWithinFloatBound)
{
    // Step 3 keeps step 2's sizes, loop and tree, so the same cases; then more than 2^24 steps in
    // short work-items, where (float)i would round the step numbers and x is now counted.
    for (const std::uint64_t steps : {std::uint64_t{1}, std::uint64_t{1000}, (std::uint64_t{1} << 22) + 5})
        ASSERT_TRUE(countedXAccurate(steps, runPi(steps, PiDesign::CountedX)));
    ASSERT_TRUE(countedXAccurate(100003, runPi(100003, PiDesign::CountedX, 64, 100)));
    ASSERT_TRUE(countedXAccurate((1u << 24) + 1, runPi((1u << 24) + 1, PiDesign::CountedX, 256, 1024)));
}

TEST(Pi, Step3CountedXWorkGroupSizesFromOneToTheMaximum) { checkWorkGroupSizes(PiDesign::CountedX); }

TEST(Pi, Step4TreeWithinTarget)
{
    // 1 and 2 steps: most work-items have nothing to do. 2^24 and 2^24 + 1: the target's range.
    for (const std::uint64_t steps : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{1000}, std::uint64_t{65537},
                                      std::uint64_t{1} << 24, (std::uint64_t{1} << 24) + 1}) {
        const PiResult r = runPi(steps, PiDesign::Tree);
        ASSERT_TRUE(treeAccurate(steps, r));  // stop at the first wrong case
        EXPECT_GT(r.timing.kernel_s, 0.0) << "the kernel's profiling event should report its run time";
    }
}

TEST(Pi, Step4TreeWorkGroupSizesFromOneToTheMaximum) { checkWorkGroupSizes(PiDesign::Tree); }

TEST(Pi, Step4CompensatedOverLongRuns)
{
    // Step 4's lesson, the compensated sum, where a plain float sum cannot hide: work-groups of 1, so
    // each work-item adds 2^21 steps. A plain float sum is far off there, even where the compiler
    // splits it into vector lanes (measured 5.1e-3 on PoCL 3.1, 5.1e-4 on Intel's CPU runtime, which
    // reorders it; the compensated sum 1.7e-8 and 9e-9), so only the compensated sum meets 1e-6.
    const std::uint64_t steps = std::uint64_t{1} << 27;
    ASSERT_TRUE(treeAccurate(steps, runPi(steps, PiDesign::Tree, 1)));
}

TEST(Pi, TooLargeWorkGroupNamesTheLimit)
{
    const std::size_t tooLarge = maxLocal(PiDesign::Tree) + 1;
    try {
        runPi(1000, PiDesign::Tree, tooLarge);
        FAIL() << HOC_UNDER_TEST << ": a work-group of " << tooLarge << " should be refused";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("CL_KERNEL_WORK_GROUP_SIZE"), std::string::npos) << e.what();
    }
}
