// Exercise 12: every buffer flag gives the exact sum, and each correct way of waiting for
// non-blocking commands does; right after the enqueue, the held-back kernel has not completed.
#include <algorithm>

#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/measure/timeline.hpp"
#include "hoc_hints/Exercise12_MemoryObjects.hpp"
#include "hoc_test.hpp"
#include "memory_objects.hpp"
#include "short_lived_vector.hpp"

// One test for all sizes (each test program pays for a context and a program build).
TEST(Exercise12Flags, EveryFlagGivesTheExactSum)
{
    for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, (std::size_t{1} << 18) + 3}) {
        const auto a = hoc::randomFloats(n, 31), b = hoc::randomFloats(n, 32, -1.0f, 1.0f);
        const auto expected = hoc::ref::vadd(a, b);  // one float addition per element: exact
        const std::vector<HostMemory> flags = {HostMemory::Copy, HostMemory::Use, HostMemory::Alloc};
        const auto runs = hoc::test::run([&] { return vaddWithFlags(hoc::test::device(), a, b, flags, {1, 1}); });
        ASSERT_EQ(runs.size(), flags.size()) << HOC_UNDER_TEST << ": one result per flag";
        for (std::size_t i = 0; i < flags.size(); ++i) {
            EXPECT_EQ(runs[i].flag, flags[i]) << HOC_UNDER_TEST << "/memory_objects.cpp: vaddWithFlags' result " << i
                                              << " is marked " << flagName(runs[i].flag) << ", where the run asked for "
                                              << flagName(flags[i]) << ": one result per flag, in the order given";
            EXPECT_TRUE(hoc::test::correct(hoc::compare(expected, runs[i].c),
                                           "C = A + B with " + flagName(flags[i]) + ", N = " + std::to_string(n)));
            EXPECT_GT(runs[i].times.kernel_s, 0.0) << flagName(flags[i]) << ": the kernel's event should give its time";
            EXPECT_GE(runs[i].times.total_s, runs[i].times.results_s)
                << flagName(flags[i]) << ": the parts fit in the total";
        }
    }
}

// One test for the three ways (each test program pays for a context and a program build).
TEST(Exercise12NonBlocking, ResultIsThereOnlyAfterWaiting)
{
    const std::size_t n = 4099;
    const auto a = hoc::randomFloats(n, 33), b = hoc::randomFloats(n, 34);
    for (const WaitBy how : {WaitBy::Finish, WaitBy::Event, WaitBy::BlockingRead}) {
        const NonBlockingRun r = hoc::test::run([&] { return vaddNonBlocking(hoc::test::device(), a, b, how); });
        // The kernel was held back by a user event when its status was read, so it cannot have completed.
        EXPECT_GT(r.kernel_status, CL_COMPLETE)
            << HOC_UNDER_TEST << ": waiting by " << waitName(how) << ": the held-back kernel's status right after "
            << "the enqueue was " << hoc::eventStatusName(r.kernel_status) << ", expected CL_QUEUED or CL_SUBMITTED";
        EXPECT_TRUE(hoc::test::correct(hoc::compare(hoc::ref::vadd(a, b), r.c),
                                       "C after waiting by " + waitName(how) + ", N = " + std::to_string(n)));
    }
}

// Host memory lifetime: with the wait, the buffer holds A exactly. Without it the write ran after
// the host vector was gone (held back by a user event until then), so the buffer holds what its
// memory held then: all poison where the implementation reads host memory when the write runs
// (PoCL), or all of A where it copied the vector at the enqueue; never a mix, as the write started
// only after the vector was poisoned.
TEST(Exercise12Lifetime, WaitingForTheWriteKeepsTheHostVectorAliveLongEnough)
{
    const std::size_t n = 4099;
    const auto a = hoc::randomFloats(n, 35);
    const LifetimeRun fixed = hoc::test::run(
        [&] { return writeFromShortLivedVector(hoc::test::device(), a, HostLifetime::WaitThenDie); });
    const std::string what = "A written by a non-blocking write, waited for before its vector died "
                             "(release the user event, then wait on the write's event, inside the block)";
    const auto dead = static_cast<std::size_t>(
        std::count(fixed.device_copy.begin(), fixed.device_copy.end(), poisonValue()));
    if (fixed.device_copy.size() == n && dead == n)
        ADD_FAILURE() << HOC_UNDER_TEST << ": " << what << ": all " << n << " elements are the poison ("
                      << poisonValue() << ")\n  where: writeFromShortLivedVector in memory_objects.cpp\n  hint: "
                      << hoc::test::hint(hoc::hints::write_after_death, {});
    else
        EXPECT_TRUE(hoc::test::correct(hoc::compare(a, fixed.device_copy), what));

    const LifetimeRun early = hoc::test::run(
        [&] { return writeFromShortLivedVector(hoc::test::device(), a, HostLifetime::DiesTooEarly); });
    ASSERT_EQ(early.device_copy.size(), n)
        << HOC_UNDER_TEST
        << "/memory_objects.cpp: writeFromShortLivedVector (the vector that dies too early) read back "
        << early.device_copy.size() << " floats of the buffer, where it holds " << n;
    const auto poisoned = static_cast<std::size_t>(
        std::count(early.device_copy.begin(), early.device_copy.end(), poisonValue()));
    EXPECT_TRUE(poisoned == n || hoc::compare(a, early.device_copy).ok)
        << HOC_UNDER_TEST << ": the write ran after the vector died; expected all " << n
        << " elements poison or all of A, got " << poisoned << " of poison";
}
