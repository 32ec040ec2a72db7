// Exercise 14: a user event holds a kernel back until the host releases it; a kernel waits for
// the events of two others; a marker and a barrier make one queue wait for another; a kernel
// with asynchronous copies to local memory computes C = A * B. Results are checked bit for bit
// (the produce kernel is integer steps and one float addition) and the order of the commands
// by their profiling timestamps, all on the device's one clock.
#include <algorithm>

#include "events.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/common/errors.hpp"
#include "hoc_hints/Exercise14_EventsQueues.hpp"
#include "hoc_test.hpp"

namespace {

const std::size_t kN = 4099;  // not a multiple of the work-group size
const int kRounds = 7;
const double kHold = 0.05;  // seconds

std::string stamps(const hoc::CommandTimes& t)
{
    return "'" + t.name + "' START " + std::to_string(t.start) + ", END " + std::to_string(t.end);
}

}  // namespace

TEST(Exercise14UserEvent, HoldsTheKernelUntilReleased)
{
    const auto x = hoc::randomFloats(kN, 41);
    const GateResult r = hoc::test::run([&] { return holdWithUserEvent(hoc::test::device(), x, kRounds, kHold); });
    // While the gate is closed the kernel has not run: its status, and Y read through a second queue
    // (still what the warm-up left: produce with 0 rounds).
    EXPECT_TRUE(r.status_held == CL_QUEUED || r.status_held == CL_SUBMITTED)
        << HOC_UNDER_TEST << ": after " << static_cast<int>(r.held_s * 1e3)
        << " ms of holding the user event, the kernel's status was " << hoc::eventStatusName(r.status_held)
        << ": it did not wait for the user event";
    EXPECT_TRUE(
        hoc::test::correct(hoc::compare(produceOnHost(x, 0), r.y_held), "Y untouched while the user event is held"));
    // The host released the gate after the second queue's read had completed, so the kernel started
    // after that read ended. Both are profiling times of one device (its one time counter), unlike
    // CL_PROFILING_COMMAND_QUEUED, which some drivers (NVIDIA's) stamp when they submit the command.
    EXPECT_GE(r.kernel.start, r.look.end)
        << HOC_UNDER_TEST << ": the kernel started before the host released the user event: " << stamps(r.kernel)
        << "; " << stamps(r.look);
    EXPECT_TRUE(hoc::test::correct(hoc::compare(produceOnHost(x, kRounds), r.y), "Y = produce(X) after the release"));
}

TEST(Exercise14OutOfOrder, AddWaitsForBothProducers)
{
    const auto x = hoc::randomFloats(kN, 42), y = hoc::randomFloats(kN, 43);
    const JoinResult r = hoc::test::run([&] { return joinTwoKernels(hoc::test::device(), x, y, kRounds, kHold); });
    const bool supported = (hoc::test::device().getInfo<CL_DEVICE_QUEUE_PROPERTIES>() &
                            CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
    EXPECT_EQ(r.out_of_order, supported) << HOC_UNDER_TEST
                                         << ": an out-of-order queue should be used where the device has one";
    EXPECT_EQ(r.out_of_order, r.note.empty()) << "a note is expected exactly when falling back: '" << r.note << "'";
    ASSERT_EQ(r.kernels.size(), 3u) << HOC_UNDER_TEST << ": expected the timestamps of produce A, produce B, add";
    const auto &a = r.kernels[0], &b = r.kernels[1], &add = r.kernels[2];
    const std::string where = "\n  where: joinTwoKernels in events.cpp (the add's list of events)\n  hint: ";
    EXPECT_GE(add.start, a.end) << HOC_UNDER_TEST << ": the add did not wait for produce A: " << stamps(add) << "; "
                                << stamps(a) << where
                                << hoc::test::hint(hoc::hints::add_started_early, {{"producer", "produce A"}});
    EXPECT_GE(add.start, b.end) << HOC_UNDER_TEST << ": the add did not wait for produce B: " << stamps(add) << "; "
                                << stamps(b) << where
                                << hoc::test::hint(hoc::hints::add_started_early, {{"producer", "produce B"}});
    EXPECT_TRUE(
        hoc::test::correct(hoc::compare(hoc::ref::vadd(produceOnHost(x, kRounds), produceOnHost(y, kRounds)), r.c),
                           "C = produce(X) + produce(Y)"));
}

TEST(Exercise14TwoQueues, MarkerAndBarrierLinkTheQueues)
{
    const auto x = hoc::randomFloats(kN, 44), y = hoc::randomFloats(kN, 45);
    const TwoQueuesResult r = hoc::test::run([&] { return linkTwoQueues(hoc::test::device(), x, y, kRounds, kHold); });
    ASSERT_EQ(r.kernels.size(), 2u) << HOC_UNDER_TEST
                                    << ": expected the timestamps of produce A (queue 1), add (queue 2)";
    EXPECT_GE(r.kernels[1].start, r.kernels[0].end)
        << HOC_UNDER_TEST << ": queue 2's add did not wait for queue 1: " << stamps(r.kernels[1]) << "; "
        << stamps(r.kernels[0]) << "\n  where: linkTwoQueues in events.cpp (the marker and the barrier)\n  hint: "
        << hoc::test::hint(hoc::hints::queue2_not_linked, {});
    EXPECT_TRUE(hoc::test::correct(hoc::compare(hoc::ref::vadd(produceOnHost(x, kRounds), y), r.c),
                                   "C = produce(X) + Y over two queues"));
}

TEST(Exercise14AsyncCopy, RowsOfCWithinTheErrorBound)
{
    struct Case {
        hoc::matmul::Dims d;
        std::size_t local;
    };
    // Rectangular and not a multiple of the work-group; square; a single element. One work-group size
    // for all (PoCL compiles a kernel again for each work-group size, which takes seconds here).
    const Case cases[] = {{{37, 19, 53}, 16}, {{64, 64, 64}, 16}, {{1, 1, 1}, 16}};
    for (const auto& [d, local] : cases) {
        const auto a = hoc::randomFloats(d.m * d.k, 46, -1, 1), b = hoc::randomFloats(d.k * d.n, 47, -1, 1);
        const RowResult r = hoc::test::run([&] { return matmulRowsAsyncCopy(hoc::test::device(), a, b, d, local); });
        EXPECT_TRUE(hoc::test::correct(hoc::matmul::check(a, b, r.c, d), "C = A * B with async copies, " + d.text() +
                                                                             ", work-groups of " +
                                                                             std::to_string(local)));
    }
}

TEST(Exercise14AsyncCopy, RefusesAColumnLargerThanLocalMemory)
{
    const std::size_t k = hoc::test::device().getInfo<CL_DEVICE_LOCAL_MEM_SIZE>() / sizeof(float) + 1;
    const hoc::matmul::Dims d{1, 1, k};
    const std::vector<float> a(k, 1.0f), b(k, 1.0f);
    try {
        matmulRowsAsyncCopy(hoc::test::device(), a, b, d, 1);
        FAIL() << HOC_UNDER_TEST << ": K = " << k
               << " was accepted although a column of B does not fit in local memory";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("CL_DEVICE_LOCAL_MEM_SIZE"), std::string::npos) << e.what();
    } catch (const cl::Error& e) {
        FAIL() << HOC_UNDER_TEST << ": a raw OpenCL error instead of a clear message: " << hoc::describe(e);
    }
}

TEST(Exercise14AsyncCopy, RefusesAWorkGroupAboveTheKernelLimit)
{
    // Asked for more work-items than the device allows, the function must say so, not run fewer.
    const std::size_t local = hoc::test::device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>() + 1;
    const hoc::matmul::Dims d{8, 8, 8};
    const std::vector<float> a(64, 1.0f), b(64, 1.0f);
    try {
        matmulRowsAsyncCopy(hoc::test::device(), a, b, d, local);
        FAIL() << HOC_UNDER_TEST << ": work-groups of " << local << " were accepted, beyond the device's limit";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("CL_KERNEL_WORK_GROUP_SIZE"), std::string::npos) << e.what();
    } catch (const cl::Error& e) {
        FAIL() << HOC_UNDER_TEST << ": a raw OpenCL error instead of a clear message: " << hoc::describe(e);
    }
}
