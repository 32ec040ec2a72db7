// Exercise 15: the rows are shared in proportion to the speeds and add up to M; the split over
// sub-devices gives bit for bit the single-device result (the same kernel computes every element
// of C in the same order on either); both are within the error bound of the reference.
// Part 2 (shared_context): on every pair of devices the test device offers (two sub-devices, two
// queues on it, and two devices of its platform where PoCL is started with POCL_DEVICES="pthread
// pthread": tests/course/CMakeLists.txt runs that test so), Y and Z match the serial reference bit
// for bit, and device 1's kernel waited for device 0's: device 0's kernel is held back 50 ms behind
// a user event with both queues flushed, and a neighbour_sum that does not wait for square's event
// runs during the hold, reads Y filled with NaN, and is seen complete when the hold ends.
#include <climits>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>

#include "hoc/common/data.hpp"
#include "hoc_test.hpp"
#if HOC_HAVE_TRACE
#include "hoc_trace.hpp"
#endif
#include "multi_device.hpp"
#include "shared_context.hpp"

TEST(Exercise15SplitRows, InProportionAndAddingUp)
{
    const std::vector<std::vector<double>> cases = {{1}, {1, 1}, {3, 1}, {1, 2, 5}, {1000, 1}, {1, 1, 1}};
    for (const std::size_t m : {1u, 7u, 100u, 1000u}) {
        for (const auto& speeds : cases) {
            const auto rows = splitRows(m, speeds);
            std::string speedText;
            for (const double s : speeds)
                speedText += (speedText.empty() ? "" : ", ") + std::to_string(static_cast<int>(s));
            const std::string what = std::string(HOC_UNDER_TEST) + ": splitRows(" + std::to_string(m) + ", {" +
                                     speedText + "}): ";
            ASSERT_EQ(rows.size(), speeds.size()) << what << "expected one share per device";
            const std::size_t sum = std::accumulate(rows.begin(), rows.end(), std::size_t{0});
            ASSERT_EQ(sum, m) << what << "the shares add up to " << sum << ", not " << m;
            // Each share is within one row of its exact proportion (rounding a running total moves
            // each boundary by at most half a row).
            const double total = std::accumulate(speeds.begin(), speeds.end(), 0.0);
            for (std::size_t i = 0; i < speeds.size(); ++i)
                ASSERT_LE(std::fabs(static_cast<double>(rows[i]) - m * speeds[i] / total), 1.0)
                    << what << "device " << i << " got " << rows[i] << " rows, its proportion is "
                    << m * speeds[i] / total;
        }
    }
}

TEST(Exercise15Split, SubDevicesGiveTheSingleDeviceResult)
{
    const cl::Device& device = hoc::test::device();
    const DeviceSet set = hoc::test::run([&] { return subDevices(device, 2); });
    const bool canSplit = device.getInfo<CL_DEVICE_PARTITION_MAX_SUB_DEVICES>() >= 2 &&
                          device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() >= 2;
    if (canSplit)
        EXPECT_EQ(set.devices.size(), 2u) << HOC_UNDER_TEST << ": this device can be split in two, but: " << set.note;
    else
        EXPECT_EQ(set.devices.size(), 1u) << "a device that cannot be split is used whole";
    EXPECT_EQ(set.note.empty(), set.devices.size() > 1) << "a note exactly when falling back: '" << set.note << "'";

    // Rectangular, M not a multiple of the work-group side.
    const hoc::matmul::Dims d{77, 45, 61};
    const auto a = hoc::randomFloats(d.m * d.k, 51, -1, 1), b = hoc::randomFloats(d.k * d.n, 52, -1, 1);
    const SplitResult whole = hoc::test::run([&] { return splitMatmul({device}, a, b, d); });
    const SplitResult split = hoc::test::run([&] { return splitMatmul(set.devices, a, b, d); });

    EXPECT_TRUE(hoc::test::correct(hoc::matmul::check(a, b, whole.c, d), "C = A * B on one device, " + d.text()));
    EXPECT_TRUE(hoc::test::correct(hoc::compare(std::vector<double>(whole.c.begin(), whole.c.end()), split.c),
                                   "C over " + std::to_string(set.devices.size()) + " sub-devices == C on one device"));
    ASSERT_EQ(whole.shares.size(), 1u) << HOC_UNDER_TEST << "/multi_device.cpp: splitMatmul on one device gave "
                                       << whole.shares.size() << " shares, where one device gets one share";
    EXPECT_EQ(whole.shares[0].rows, d.m) << "one device computes every row";
    ASSERT_EQ(split.shares.size(), set.devices.size()) << HOC_UNDER_TEST << ": one share per device";
    std::size_t next = 0;
    for (const auto& s : split.shares) {
        EXPECT_EQ(s.first_row, next) << HOC_UNDER_TEST << ": the shares cover the rows in order, without gaps";
        EXPECT_GT(s.speed, 0.0) << "every device's speed is measured";
        if (s.rows > 0) {  // braces: EXPECT_GT expands to an if-else
            EXPECT_GT(s.kernel_s, 0.0) << "a device with rows reports its kernel time";
        }
        next = s.first_row + s.rows;
    }
    EXPECT_EQ(next, d.m) << HOC_UNDER_TEST << "/multi_device.cpp: splitMatmul's shares end at row " << next
                         << ", where C has " << d.m << " rows: every row of C belongs to one share";
}

// ---- Part 2: two devices sharing one context ---------------------------------------------------

namespace {

std::string pairName(PairKind kind)
{
    switch (kind) {
    case PairKind::Platform: return "two devices of one platform";
    case PairKind::SubDevices: return "two sub-devices";
    case PairKind::OneDevice: return "one device, two queues";
    }
    return "?";
}

#if HOC_HAVE_TRACE
// A command, as the message names it: "the launch of square at shared_context.cpp:150".
std::string named(const hoc::trace::Call& c)
{
    const hoc::trace::Site site = hoc::trace::where(c);
    return (c.op == "launch" ? "the launch of " + c.launch.kernel : "the " + c.op) +
           (site.known() ? " at " + site.text() : std::string());
}

// The record of the OpenCL calls (tests/trace) since `since`: whether the last launch of neighbour_sum
// runs after the last launch of square, through a chain of links (an event of its wait list, the order
// of one in-order queue, a wait of the host: clFinish, clWaitForEvents, a blocking command, made before
// it was enqueued). "" where it does, or where the record has not both; else what its wait list holds.
std::string waitListProblem(std::size_t since)
{
    const std::vector<hoc::trace::Call> calls = hoc::trace::calls(since);
    const std::size_t n = calls.size();
    std::size_t square = n, sum = n;
    for (std::size_t j = 0; j < n; ++j) {
        if (calls[j].op == "launch" && calls[j].launch.kernel == "square")
            square = j;
        if (calls[j].op == "launch" && calls[j].launch.kernel == "neighbour_sum")
            sum = j;
    }
    if (square == n || sum == n || sum < square)
        return "";
    std::vector<std::vector<bool>> after(n, std::vector<bool>(n, false));  // after[j][i]: j runs after i
    std::vector<bool> hostDone(n, false);  // what the host has waited for so far (with what it ran after)
    std::map<const void*, std::size_t> made, lastInQueue;
    const auto follows = [&](std::size_t j, std::size_t i) {
        after[j][i] = true;
        for (std::size_t k = 0; k < n; ++k)
            after[j][k] = after[j][k] || after[i][k];
    };
    // The command whose event the handle e is, unless a user event made since has the handle now (the
    // runtime gives a released event's handle to the next event it makes).
    const auto producer = [&](const void* e) {
        hoc::trace::Site site;
        std::size_t userAt = 0;
        if (!made.count(e) || (hoc::trace::userEvent(e, site, &userAt) && userAt > since + made[e]))
            return n;
        return made[e];
    };
    const auto waited = [&](std::size_t i) {
        hostDone[i] = true;
        for (std::size_t k = 0; k < n; ++k)
            hostDone[k] = hostDone[k] || after[i][k];
    };
    for (std::size_t j = 0; j < n; ++j) {
        const hoc::trace::Call& c = calls[j];
        if (c.op == "wait") {
            for (const void* e : c.waits)
                if (producer(e) < n)
                    waited(producer(e));
            if (c.wait == "clFinish" && lastInQueue.count(c.queue))
                waited(lastInQueue[c.queue]);
            continue;
        }
        for (std::size_t i = 0; i < j; ++i)
            if (hostDone[i])
                follows(j, i);
        if (!c.outOfOrder && lastInQueue.count(c.queue))
            follows(j, lastInQueue[c.queue]);
        for (const void* e : c.waits)
            if (producer(e) < n)
                follows(j, producer(e));
        lastInQueue[c.queue] = j;
        if (c.event != nullptr)
            made[c.event] = j;
        if (c.blocking)
            waited(j);
    }
    if (after[sum][square])
        return "";
    std::string list;
    for (const void* e : calls[sum].waits) {
        hoc::trace::Site site;
        const std::string one = producer(e) < n ? "the event of " + named(calls[producer(e)])
                                : hoc::trace::userEvent(e, site)
                                    ? "the user event made" + (site.known() ? " at " + site.text() : "")
                                    : "an event no command of this run returned";
        list += (list.empty() ? "" : ", ") + one;
    }
    return named(calls[sum]) + (list.empty() ? " has no wait list" : " waits for " + list) + ", and nothing else " +
           "puts it after " + named(calls[square]) + " (another queue, and no wait of the host between them): " +
           "neighbour_sum can read Y before square has written it. Its wait list must hold square's event " +
           "(the TODO in squareThenSum)";
}
#endif

// The chain on `pair` for several lengths: bit for bit the reference, in order, on the right devices.
void expectChainCorrect(const DevicePair& pair)
{
    ChainOptions options;
    options.hold_s = 0.05;
    for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, std::size_t{1025}, (std::size_t{1} << 20) + 3}) {
        const auto x = hoc::randomFloats(n, static_cast<std::uint32_t>(71 + n), -2, 2);
        const ChainReference expected = chainReference(x);
#if HOC_HAVE_TRACE
        const std::size_t since = hoc::trace::mark();
#endif
        const ChainResult r = hoc::test::run([&] { return squareThenSum(pair, x, options); });
        const std::string what = "shared context, " + pairName(pair.kind) + ", N = " + std::to_string(n);
        // The command that did not wait first: it is the cause of the wrong values that follow from it.
        // The record of the calls tells it whatever the run's timing; the statuses and times only when
        // the run showed it.
        std::string problem = orderProblem(pair, r);
#if HOC_HAVE_TRACE
        if (const std::string unlinked = waitListProblem(since); !unlinked.empty())
            problem = unlinked;
#endif
        EXPECT_TRUE(problem.empty()) << HOC_UNDER_TEST << ": " << what << ": " << problem;
        // One exactly rounded multiplication or addition per element, as the reference does it.
        EXPECT_TRUE(hoc::test::correct(hoc::compare(expected.y, r.y), what + ": Y = X * X on device 0"));
        EXPECT_TRUE(hoc::test::correct(hoc::compare(expected.z, r.z), what + ": Z[i] = Y[i] + Y[i + 1] on device 1"));
        EXPECT_TRUE(r.held) << what << ": the run was held";
        EXPECT_GT(r.square.runSeconds() + r.sum.runSeconds(), 0.0) << what << ": the kernels' profiling events";
    }
}

}  // namespace

TEST(Exercise15SharedContext, ChainReferenceByHand)
{
    const ChainReference r = chainReference({1, 2, 3});
    const std::string where = std::string(HOC_UNDER_TEST) +
                              "/part2_shared_context/given/shared_context_check.cpp: chainReference({1, 2, 3}): ";
    EXPECT_EQ(r.y, (std::vector<float>{1, 4, 9})) << where << "Y is not the squares {1, 4, 9}";
    // The last element wraps round to Y[0].
    EXPECT_EQ(r.z, (std::vector<float>{5, 13, 10})) << where << "Z is not {1 + 4, 4 + 9, 9 + 1}";
}

TEST(Exercise15SharedContext, AutoPicksWhatTheDeviceOffers)
{
    const cl::Device& device = hoc::test::device();
    std::vector<cl::Device> platformDevices;
    cl::Platform(device.getInfo<CL_DEVICE_PLATFORM>()).getDevices(CL_DEVICE_TYPE_ALL, &platformDevices);
    const bool canSplit = device.getInfo<CL_DEVICE_PARTITION_MAX_SUB_DEVICES>() >= 2 &&
                          device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() >= 2;
    const DevicePair pair = hoc::test::run([&] { return pickPair(device, "auto"); });
    const PairKind expected = platformDevices.size() >= 2 ? PairKind::Platform
                              : canSplit                  ? PairKind::SubDevices
                                                          : PairKind::OneDevice;
    EXPECT_EQ(pairName(pair.kind), pairName(expected)) << pair.how;
    EXPECT_EQ(pair.devices[0]() == pair.devices[1](), pair.kind == PairKind::OneDevice) << pair.how;
    EXPECT_FALSE(pair.how.empty()) << HOC_UNDER_TEST << "/part2_shared_context/shared_context.cpp: pickPair(device, "
                                   << "\"auto\") gave a pair whose description (how) is empty";
    // Asked for a case it does not have, the program refuses, saying why.
    if (platformDevices.size() < 2) {  // braces: EXPECT_THROW expands to an if-else
        EXPECT_THROW(pickPair(device, "platform"), hoc::UsageError)
            << HOC_UNDER_TEST << "/part2_shared_context/shared_context.cpp: pickPair(device, \"platform\") on a "
            << "platform of one device did not refuse with a usage error (hoc::UsageError) saying why";
    }
}

TEST(Exercise15SharedContext, TwoSubDevicesCorrectAndInOrder)
{
    const cl::Device& device = hoc::test::device();
    if (device.getInfo<CL_DEVICE_PARTITION_MAX_SUB_DEVICES>() < 2 || device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() < 2)
        GTEST_SKIP() << "the test device cannot be split in two";
    const DevicePair pair = hoc::test::run([&] { return pickPair(device, "subdevices"); });
    ASSERT_EQ(pairName(pair.kind), pairName(PairKind::SubDevices))
        << HOC_UNDER_TEST
        << "/part2_shared_context/shared_context.cpp: pickPair(device, \"subdevices\") gave a pair of "
        << pairName(pair.kind) << " (" << pair.how << ")";
    expectChainCorrect(pair);
}

TEST(Exercise15SharedContext, TwoQueuesOnOneDeviceCorrectAndInOrder)
{
    const DevicePair pair = hoc::test::run([&] { return pickPair(hoc::test::device(), "queues"); });
    ASSERT_EQ(pairName(pair.kind), pairName(PairKind::OneDevice))
        << HOC_UNDER_TEST << "/part2_shared_context/shared_context.cpp: pickPair(device, \"queues\") gave a pair of "
        << pairName(pair.kind) << " (" << pair.how << ")";
    expectChainCorrect(pair);
}

// Run by tests/course/CMakeLists.txt with POCL_DEVICES="pthread pthread" (PoCL then offers two CPU
// devices in its platform) and HOC_TEST_TWO_DEVICES=1, which makes a PoCL platform of one device a
// failure; skipped in the ordinary run, where PoCL has one device, and on other implementations
// (HOC_TEST_DEVICE=Intel), which POCL_DEVICES does not reach.
TEST(Exercise15SharedContext, TwoDevicesOfOnePlatformCorrectAndInOrder)
{
    const cl::Device& device = hoc::test::device();
    std::vector<cl::Device> platformDevices;
    cl::Platform(device.getInfo<CL_DEVICE_PLATFORM>()).getDevices(CL_DEVICE_TYPE_ALL, &platformDevices);
    const std::string platform = cl::Platform(device.getInfo<CL_DEVICE_PLATFORM>()).getInfo<CL_PLATFORM_NAME>();
    if (platformDevices.size() < 2) {
        if (std::getenv("HOC_TEST_TWO_DEVICES") && platform.find("Portable Computing Language") != std::string::npos)
            FAIL() << "HOC_TEST_TWO_DEVICES is set, but the test device's platform has one device (POCL_DEVICES?)";
        GTEST_SKIP() << "the test device's platform has one device";
    }
    const DevicePair pair = hoc::test::run([&] { return pickPair(device, "platform"); });
    ASSERT_EQ(pairName(pair.kind), pairName(PairKind::Platform))
        << HOC_UNDER_TEST << "/part2_shared_context/shared_context.cpp: pickPair(device, \"platform\") gave a pair of "
        << pairName(pair.kind) << " (" << pair.how << ")";
    EXPECT_NE(pair.devices[0](), pair.devices[1]())
        << HOC_UNDER_TEST << "/part2_shared_context/shared_context.cpp: pickPair(device, \"platform\") gave the "
        << "same device twice, where this case takes two devices of one platform (" << pair.how << ")";
    expectChainCorrect(pair);
}

TEST(Exercise15SharedContext, WithoutHoldStillCorrect)
{
    // No hold, nothing flushed before the gate opens (as under oclgrind): the event alone orders them.
    const DevicePair pair = hoc::test::run([&] { return pickPair(hoc::test::device(), "auto"); });
    const auto x = hoc::randomFloats(5000, 77, -2, 2);
    const ChainResult r = hoc::test::run([&] { return squareThenSum(pair, x, ChainOptions{0}); });
    EXPECT_FALSE(r.held) << HOC_UNDER_TEST << "/part2_shared_context/shared_context.cpp: squareThenSum held the run "
                         << "(ChainOptions{0} asks for no hold)";
    EXPECT_TRUE(hoc::test::correct(hoc::compare(chainReference(x).z, r.z), "shared context without a hold, N = 5000"));
}

TEST(Exercise15SharedContext, OrderProblemsAreNamed)
{
    // What orderProblem() makes of runs that went wrong, without running them.
    const DevicePair one = pickPair(hoc::test::device(), "queues");
    ChainResult r;
    r.square_device = r.sum_device = one.devices[0];
    r.held = true;
    r.square_held = CL_QUEUED;
    r.sum_held = CL_SUBMITTED;
    r.square.end = 1000;
    r.sum.start = 2000;
    const std::string where = std::string(HOC_UNDER_TEST) + "/part2_shared_context/given/shared_context_check.cpp: ";
    EXPECT_EQ(orderProblem(one, r), "") << where << "orderProblem names a problem in a run whose sum waited for "
                                        << "square's event: " << orderProblem(one, r);
    r.sum_held = CL_COMPLETE;  // ran during the hold
    EXPECT_NE(orderProblem(one, r).find("did not wait for square's event"), std::string::npos) << orderProblem(one, r);
    EXPECT_NE(orderProblem(one, r).find("TODO in squareThenSum"), std::string::npos)
        << where << "orderProblem does not point at the TODO in squareThenSum: " << orderProblem(one, r);
    r.sum_held = CL_SUBMITTED;
    r.sum.start = 500;  // started before square ended, on one clock
    EXPECT_NE(orderProblem(one, r).find("before square ended"), std::string::npos) << orderProblem(one, r);
}

TEST(Exercise15SharedContext, RefusesWhatCannotRun)
{
    const DevicePair pair = pickPair(hoc::test::device(), "queues");
    EXPECT_THROW(requireChainMemory(pair, static_cast<std::size_t>(INT_MAX) + 1), hoc::UsageError)
        << HOC_UNDER_TEST << "/part2_shared_context/given/shared_context_check.cpp: requireChainMemory did not refuse "
        << "2^31 floats (more than an int kernel argument counts) with a usage error";
    const std::size_t n = hoc::test::device().getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() / sizeof(float) + 1;
    if (n > static_cast<std::size_t>(INT_MAX))  // (Intel's CPU runtime allows buffers that large)
        GTEST_SKIP() << "this device's largest buffer holds more floats than the kernels count";
    try {
        requireChainMemory(pair, n);
        FAIL() << "N = " << n << " was accepted beyond CL_DEVICE_MAX_MEM_ALLOC_SIZE";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), std::string::npos) << e.what();
    }
}
