// Exercise 18: every correct histogram design against the serial count, exactly (counts are
// integers: no tolerance), in one launch and with the work-groups launched one at a time in both
// orders; the last-group design is right when its last group runs last and wrong when it runs first.
#include <string>

#include "histogram.hpp"
#include "hoc/measure/histogram_reference.hpp"
#include "hoc_hints/Exercise18_Atomics.hpp"
#include "hoc_test.hpp"

namespace {

// One context and program for the whole test program (a test is one process).
Histogram& histogram()
{
    static Histogram h = hoc::test::run([] { return Histogram(hoc::test::device()); });
    return h;
}

HistogramResult runCount(const std::vector<std::uint8_t>& data, HistogramKernel kernel, HistogramOptions options = {})
{
    return hoc::test::run([&] { return histogram().count(data, kernel, options); });
}

std::string what(HistogramKernel kernel, std::size_t n, const HistogramResult& r, GroupOrder order)
{
    return kernelNames(kernel) + ", N = " + std::to_string(n) + " (" + std::to_string(r.groups) + " work-groups of " +
           std::to_string(r.workGroupSize) + ", " + orderName(order) + ")";
}

// The hint of course.json for wrong bins, from what they add up to against the bytes counted.
std::string hintFor(const std::vector<std::uint64_t>& expected, const std::vector<std::uint32_t>& got)
{
    const hoc::HistogramTotals t = hoc::histogramTotals(expected, got);
    if (t.have == 0)
        return hoc::test::hint(hoc::hints::bins_all_zero);
    const hoc::test::HintValues counts = {{"have", std::to_string(t.have)}, {"want", std::to_string(t.want)}};
    if (t.have < t.want)
        return hoc::test::hint(hoc::hints::increments_lost, counts);
    if (t.have > t.want)
        return hoc::test::hint(hoc::hints::counts_added, counts);
    return hoc::test::hint(hoc::hints::counts_misplaced, counts);
}

// The bins against the reference (hoc::checkHistogram); when they differ, the first wrong bin and the
// hint, which states the totals itself.
::testing::AssertionResult countsRight(const std::vector<std::uint64_t>& expected,
                                       const std::vector<std::uint32_t>& got, const std::string& what)
{
    hoc::CheckResult check = hoc::checkHistogram(expected, got);
    if (!check.ok && got.size() == expected.size()) {
        check.problem.clear();  // the first wrong bin only (message()), then the hint
        check.problem = check.message() + "; " + hintFor(expected, got);
    }
    return hoc::test::correct(check, what);
}

const std::vector<HistogramKernel> correctDesigns = {HistogramKernel::Global, HistogramKernel::Local,
                                                     HistogramKernel::TwoKernels};

}  // namespace

TEST(Histogram, EveryCorrectDesignCountsEveryByte)
{
    for (const HistogramKernel kernel : correctDesigns)
        for (const std::size_t n :
             {std::size_t{1}, std::size_t{63}, std::size_t{1000}, std::size_t{4097}, (std::size_t{1} << 20) + 3}) {
            const auto data = hoc::randomBytes(n, static_cast<std::uint32_t>(n));
            const HistogramResult r = runCount(data, kernel);
            ASSERT_TRUE(countsRight(hoc::histogramReference(data), r.bins, what(kernel, n, r, GroupOrder::OneLaunch)));
        }
}

// Every byte the same: every work-item increments one bin at once, the case where a non-atomic
// increment loses the most.
TEST(Histogram, OneHotBinLosesNoIncrement)
{
    const std::vector<std::uint8_t> data(200003, 255);
    for (const HistogramKernel kernel : correctDesigns) {
        const HistogramResult r = runCount(data, kernel);
        ASSERT_TRUE(countsRight(hoc::histogramReference(data), r.bins,
                                what(kernel, data.size(), r, GroupOrder::OneLaunch) + ", every byte 255"));
    }
}

// The golden rule (PyOpenCL notes, "Synchronization between Groups"): the result must not depend
// on the order in which work-groups run. The host launches them one at a time, first to last and
// last to first.
TEST(Histogram, CorrectDesignsDoNotDependOnTheOrderOfWorkGroups)
{
    const auto data = hoc::randomBytes(10007, 5);
    for (const HistogramKernel kernel : correctDesigns)
        for (const GroupOrder order : {GroupOrder::InOrder, GroupOrder::Reversed}) {
            const HistogramResult r = runCount(data, kernel, {16, 7, order});
            EXPECT_EQ(r.groups, 7u) << HOC_UNDER_TEST
                                    << "/given/histogram.cpp: runCount asked for 7 work-groups of 16 ran " << r.groups
                                    << " (" << what(kernel, data.size(), r, order) << ")";
            ASSERT_TRUE(countsRight(hoc::histogramReference(data), r.bins, what(kernel, data.size(), r, order)));
        }
}

// Step 3 is wrong on purpose: the same bytes give the right bins when the last work-group runs
// last, and wrong bins when it runs first (it adds up rows that nobody has written yet).
TEST(Histogram, LastGroupDesignDependsOnTheOrderOfWorkGroups)
{
    const auto data = hoc::randomBytes(10007, 6);
    const auto expected = hoc::histogramReference(data);
    const HistogramResult forward = runCount(data, HistogramKernel::LastGroup, {16, 7, GroupOrder::InOrder});
    ASSERT_TRUE(countsRight(expected, forward.bins,
                            what(HistogramKernel::LastGroup, data.size(), forward, GroupOrder::InOrder) +
                                " (its rows come from group_histogram, which steps 3 and 4 share)"));
    const HistogramResult back = runCount(data, HistogramKernel::LastGroup, {16, 7, GroupOrder::Reversed});
    EXPECT_FALSE(hoc::checkHistogram(expected, back.bins).ok)
        << HOC_UNDER_TEST << ": histogram_last_group with its last work-group launched first should miss the "
        << "other groups' counts";
}

TEST(Histogram, WorkGroupsFromOneToTheMaximum)
{
    const auto data = hoc::randomBytes(5003, 9);
    const auto expected = hoc::histogramReference(data);
    for (const HistogramKernel kernel : correctDesigns) {
        // The kernel's own limit (CL_KERNEL_WORK_GROUP_SIZE), not only the device's (on the
        // H100 the device allows 1024, histogram_local 256).
        const std::size_t kernelMax = runCount(data, kernel, {1, 0, GroupOrder::OneLaunch}).maxWorkGroupSize;
        for (const std::size_t local : {std::size_t{1}, std::size_t{3}, std::min<std::size_t>(kernelMax, 1024)}) {
            const HistogramResult r = runCount(data, kernel, {local, 0, GroupOrder::OneLaunch});
            EXPECT_EQ(r.workGroupSize, local)
                << HOC_UNDER_TEST << "/given/histogram.cpp: runCount asked for work-groups of " << local << " ran "
                << what(kernel, data.size(), r, GroupOrder::OneLaunch);
            ASSERT_TRUE(countsRight(expected, r.bins, what(kernel, data.size(), r, GroupOrder::OneLaunch)));
        }
    }
}

TEST(Histogram, HintsNameTheClassicBugs)
{
    const std::vector<std::uint64_t> expected = {3, 2};
    EXPECT_NE(hintFor(expected, {3, 1}).find("atomic"), std::string::npos);
    EXPECT_NE(hintFor(expected, {3, 1}).find("barrier"), std::string::npos);
    EXPECT_NE(hintFor(expected, {4, 2}).find("set to 0"), std::string::npos);
    EXPECT_NE(hintFor(expected, {0, 0}).find("starter"), std::string::npos);
    EXPECT_NE(hintFor(expected, {2, 3}).find("wrong bins"), std::string::npos);
    EXPECT_NE(hoc::checkHistogram(expected, {3, 1}).message().find("add up to 4 counts for 5 bytes"),
              std::string::npos);
}

// Step 4: why no barrier or fence inside histogram_last_group makes it right. Answer 2 of the README:
// a barrier waits for its own work-group only, and the other groups may not have run yet.
TEST(Histogram, StepFourAnswer)
{
    const unsigned mine = hoc::test::run([] { return histogram().stepFourAnswer(); });
    EXPECT_EQ(mine, 2u) << HOC_UNDER_TEST << "/histogram.cl: STEP4_ANSWER (step 4 of the README) is " << mine
                        << (mine == 0 ? ": not made yet" : "")
                        << "\n  hint: " << hoc::test::hint(hoc::hints::step4_answer);
}

TEST(Histogram, EmptyInputIsRefused)
{
    EXPECT_THROW(runCount({}, HistogramKernel::Global), std::runtime_error)
        << HOC_UNDER_TEST << "/given/histogram.cpp: runCount of no bytes was not refused with an error";
}
