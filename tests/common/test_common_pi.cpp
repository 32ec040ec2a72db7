// Common pieces of the pi and bandwidth exercises: the pi reference, the float error bound, the
// median and the size names.
#include <cmath>
#include <limits>

#include "hoc/bandwidth.hpp"
#include "hoc/pi.hpp"
#include "hoc_test.hpp"

TEST(PiReference, ClosedFormMatchesTheSumWhereTheyMeet)
{
    // At 2^22 steps the compensated double sum and pi + h^2/12 must agree: the sum's error is
    // about 1e-15, the formula's neglected O(h^6) term below 1e-38.
    const std::uint64_t steps = std::uint64_t{1} << 22;
    const double h = 1.0 / static_cast<double>(steps);
    EXPECT_NEAR(hoc::pi::reference(steps), M_PI + h * h / 12.0, 1e-14);
    EXPECT_NEAR(hoc::pi::reference(1 << 10), M_PI + 1.0 / (12.0 * 1024 * 1024), 1e-13);
    EXPECT_DOUBLE_EQ(hoc::pi::reference(1), 3.2);  // one rectangle, height f(0.5) = 3.2
}

TEST(PiReference, SerialLoops)
{
    EXPECT_NEAR(hoc::pi::serialDouble(1000), hoc::pi::reference(1000), 1e-13);
    EXPECT_NEAR(hoc::pi::serialFloat(1000), hoc::pi::reference(1000), 1e-5);  // 1000 float additions
}

TEST(PiReference, FloatBound)
{
    // 100 additions: (1 + 8u)(1 + 100u / (1 - 100u)) - 1, times 3.25.
    const double u = std::ldexp(1.0, -24);
    EXPECT_NEAR(hoc::pi::floatSumBound(100), 3.25 * ((1 + 8 * u) * (1 + 100 * u / (1 - 100 * u)) - 1), 1e-18);
    EXPECT_EQ(hoc::pi::floatSumBound(std::uint64_t{1} << 24), std::numeric_limits<double>::infinity());
}

TEST(Bandwidth, MedianAndSizeNames)
{
    EXPECT_EQ(hoc::median({3, 1, 2}), 2);
    EXPECT_EQ(hoc::median({4, 1, 3, 2}), 2.5);
    EXPECT_EQ(hoc::median({}), 0);
    EXPECT_EQ(hoc::sizeText(1 << 20), "2^20");
    EXPECT_EQ(hoc::sizeText(1000), "1000");
    EXPECT_EQ(hoc::sizeText(512), "512");
    EXPECT_EQ(hoc::pi::stepsText(1 << 24), "2^24 steps");
}

TEST(Bandwidth, CopyKernelMeasuresOnTheTestDevice)
{
    hoc::CopyBenchmark copy(hoc::test::device());
    EXPECT_GT(hoc::test::run([&] { return copy.gbps(1000, {0, 1}); }), 0.0);
}
