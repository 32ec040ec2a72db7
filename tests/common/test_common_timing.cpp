// hoc::medianAgainstBest (hoc/common/timing.hpp), the tuners' timing of a variant (Exercise 9b's and the
// competition module's): how many runs it makes against the best so far, and what becomes the best.
// The command timed is a fill of 16 MiB on the test device; only the counts of runs are asserted.
#include <gtest/gtest.h>

#include "hoc/common/timing.hpp"
#include "hoc_test.hpp"

TEST(Timing, MedianAgainstBestStopsAVariantThreeTimesSlowerAfterOneTimedRun)
{
    const cl::Context context(hoc::test::device());
    const cl::CommandQueue queue(context, hoc::test::device(), CL_QUEUE_PROFILING_ENABLE);
    const std::size_t bytes = std::size_t{16} << 20;
    const cl::Buffer buffer(context, CL_MEM_READ_WRITE, bytes);
    int calls = 0;
    const auto once = [&] {
        ++calls;
        cl::Event filled;
        queue.enqueueFillBuffer(buffer, 0.0f, 0, bytes, nullptr, &filled);
        filled.wait();
        return hoc::EventSpan{filled, filled};
    };
    const hoc::Repeats repeats{1, 3};

    double best = 0;  // the first variant: all its runs, and its median becomes the best
    const double first = hoc::medianAgainstBest(repeats, once, best);
    EXPECT_EQ(calls, 4) << "one warm-up and three timed runs";
    ASSERT_GT(first, 0.0);
    EXPECT_EQ(best, first);

    calls = 0;
    double unbeatable = first * 1e-6;  // no run comes within three times of it
    const double slow = hoc::medianAgainstBest(repeats, once, unbeatable);
    EXPECT_EQ(calls, 2) << "the warm-up and one timed run: a variant that cannot win is not run again";
    EXPECT_GT(slow, 3 * unbeatable);
    EXPECT_EQ(unbeatable, first * 1e-6) << "the best so far stays";

    calls = 0;
    double beaten = 1e9;  // any run is faster: all runs, and the median becomes the best
    const double fast = hoc::medianAgainstBest(repeats, once, beaten);
    EXPECT_EQ(calls, 4);
    EXPECT_EQ(beaten, fast);
}
