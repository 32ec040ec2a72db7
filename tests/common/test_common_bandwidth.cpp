// Common's timing and bandwidth pieces: the one median, the size names and the copy yardstick.
#include "hoc/bandwidth.hpp"
#include "hoc/timing.hpp"
#include "hoc_test.hpp"

TEST(Bandwidth, MedianAndSizeNames)
{
    EXPECT_EQ(hoc::median({3, 1, 2}), 2);
    EXPECT_EQ(hoc::median({4, 1, 3, 2}), 2.5);
    EXPECT_EQ(hoc::median({}), 0);
    EXPECT_EQ(hoc::sizeText(1 << 20), "2^20");
    EXPECT_EQ(hoc::sizeText(1000), "1000");
    EXPECT_EQ(hoc::sizeText(512), "512");
}

TEST(Bandwidth, CopyKernelMeasuresOnTheTestDevice)
{
    hoc::CopyBenchmark copy(hoc::test::device());
    EXPECT_GT(hoc::test::run([&] { return copy.gbps(1000, {0, 1}); }), 0.0);
}

TEST(Bandwidth, CopyKernelRunsAreCountedAndChecked)
{
    // hoc-roofline keeps the fastest of the runs, the others their median (hoc::CopyBenchmark::seconds).
    hoc::CopyBenchmark copy(hoc::test::device());
    hoc::CheckResult check;
    const std::vector<double> times = hoc::test::run([&] { return copy.runs(1001, {1, 3}, check); });
    EXPECT_EQ(times.size(), 3u);
    EXPECT_TRUE(hoc::test::correct(check, "the copy yardstick, 1001 floats"));
    EXPECT_TRUE(copy.chosen() == "copy_floats" || copy.chosen() == "copy_float4s") << copy.chosen();
}

// The float4 copy handles the floats after the last whole float4 (1001 = 4 x 250 + 1 above) and
// sizes below one float4; whichever copy is kept, every size comes out exact.
TEST(Bandwidth, TunedCopyIsExactAtEverySize)
{
    hoc::CopyBenchmark copy(hoc::test::device());
    for (const std::size_t n : {1, 2, 3, 4, 5, 7, 1024, 1027}) {
        hoc::CheckResult check;
        hoc::test::run([&] { return copy.runs(n, {0, 1}, check); });
        EXPECT_TRUE(hoc::test::correct(check, "the copy yardstick, " + std::to_string(n) + " floats"));
    }
}
