// hoc/common/float_sum.hpp, the error bounds of float sums that Exercises 10, 16 and 21 check their
// sums with: the worst case ((1 + u)^k - 1) sum |x_i| at its edges (k = 0, 1, around 2^24, where
// gamma_k = k u / (1 - k u) breaks down, and where (1 + u)^k overflows a double), and the
// probabilistic bound's premise (random signs: |sum| at most 4 (sum x_i^2)^(1/2)).
// The references are computed independently: std::pow(1 + u, k) (1 + u is exact in double, and
// glibc's pow is correctly rounded in practice), and the closed forms named at each check.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/float_sum.hpp"

namespace {

const double u = std::ldexp(1.0, -24);

// (1 + u)^k - 1 by another route than the library's expm1(k log1p(u)).
double growth(double k) { return std::pow(1 + u, k) - 1; }

}  // namespace

TEST(FloatSum, NoAdditionLeavesOnlyTheTermsOwnError)
{
    EXPECT_EQ(hoc::floatSumBound(0, 5.0), 0.0);
    EXPECT_EQ(hoc::floatSumBound(0, 3.25, 8 * u), 3.25 * 8 * u);
    EXPECT_EQ(hoc::floatSumBound(1000, 0.0), 0.0) << "a sum of zeros is exact";
}

TEST(FloatSum, OneAdditionIsOneUnitRoundoff)
{
    EXPECT_NEAR(hoc::floatSumBound(1, 1.0), u, 1e-12 * u);
    EXPECT_NEAR(hoc::floatSumBound(1, 10.0), 10 * u, 1e-11 * u);
    // (1 + 8u)(1 + u) - 1 = 9u + 8u^2
    EXPECT_NEAR(hoc::floatSumBound(1, 1.0, 8 * u), 9 * u + 8 * u * u, 1e-12 * u);
}

TEST(FloatSum, AroundTwoToThe24TheBoundStaysFiniteWhereGammaBreaksDown)
{
    const std::uint64_t k = std::uint64_t{1} << 24;
    double previous = 0;
    for (const std::uint64_t n : {k - 1, k, k + 1}) {
        const double bound = hoc::floatSumBound(n, 1.0);
        EXPECT_NEAR(bound, growth(static_cast<double>(n)), 1e-12) << n << " additions";
        EXPECT_TRUE(std::isfinite(bound)) << n;
        EXPECT_GT(bound, previous) << n << ": one more addition, a larger bound";
        previous = bound;
    }
    // (1 + 2^-24)^(2^24) = e^(1 - u/2 + O(u^2)): just below e - 1, about 1.718
    EXPECT_NEAR(hoc::floatSumBound(k, 1.0), std::exp(1.0) - 1, 1e-7);
    EXPECT_LT(hoc::floatSumBound(k, 1.0), std::exp(1.0) - 1);
    // gamma_k at k = 2^24 - 1 is (1 - u) / u, about 1.7e7: the worst case it would allow is far looser
    const double gamma = static_cast<double>(k - 1) * u / (1 - static_cast<double>(k - 1) * u);
    EXPECT_LT(hoc::floatSumBound(k - 1, 1.0), gamma);
    EXPECT_GT(gamma, 1e7);
}

TEST(FloatSum, PastWhatADoubleHoldsTheBoundIsInfiniteAndNoCheckIsDecisive)
{
    // (1 + u)^k overflows where k log1p(u) > ln(DBL_MAX), about 709.78: k above about 1.19e10
    const double limit = std::log(std::numeric_limits<double>::max()) / std::log1p(u);
    EXPECT_TRUE(std::isfinite(hoc::floatSumBound(static_cast<std::uint64_t>(0.99 * limit), 1.0)));
    for (const std::uint64_t n :
         {static_cast<std::uint64_t>(1.01 * limit), std::numeric_limits<std::uint64_t>::max()}) {
        const double bound = hoc::floatSumBound(n, 1e-30);
        EXPECT_TRUE(std::isinf(bound) && bound > 0) << n << ": " << bound;
        EXPECT_THROW(hoc::requireDecisiveBound(bound, 1.0, "sum", ""), hoc::UsageError) << n;
    }
}

TEST(FloatSum, ATreeOverWValuesAddsEachValueCeilLog2WTimes)
{
    EXPECT_EQ(hoc::treeAdditions(0), 0u);
    EXPECT_EQ(hoc::treeAdditions(1), 0u);
    EXPECT_EQ(hoc::treeAdditions(2), 1u);
    EXPECT_EQ(hoc::treeAdditions(3), 2u);
    EXPECT_EQ(hoc::treeAdditions(256), 8u);
    EXPECT_EQ(hoc::treeAdditions(257), 9u);
    EXPECT_EQ(hoc::treeAdditions(std::numeric_limits<std::uint64_t>::max()), 64u);
}

TEST(FloatSum, PassAdditions)
{
    // Elements added in turn, then the tree: perItem - 1, plus ceil(log2(256)) = 8.
    EXPECT_EQ(hoc::passAdditions({1, 1, 1}, 1000, 1024, 256), 8u);
    EXPECT_EQ(hoc::passAdditions({8, 1, 1}, 8000, 1000, 256), 7u + 8u);
    // A loop over the pass: 1000 elements over 100 work-items, 10 each (9 additions), tree of 64 (6).
    EXPECT_EQ(hoc::passAdditions({0, 1, 1}, 1000, 100, 64), 9u + 6u);
    // float4 loads: 2 in a group of four, one per float4 step (250 float4s over 10 work-items: 25),
    // 3 for the lanes and 3 for the floats after the last whole float4; a work-group of one: no tree.
    EXPECT_EQ(hoc::passAdditions({0, 4, 1}, 1003, 10, 1), 2u + 25u + 3u + 3u);
    // float16 loads in 8 runs: 800 float16s over 10 work-items, 80 each, 10 per run, at most 7 left
    // over, 8 to add the runs, 16 the lanes, then one for the 5 floats after the last float16.
    EXPECT_EQ(hoc::passAdditions({0, 16, 8}, 16 * 800 + 5, 10, 1), 10u + 7u + 8u + 16u + 1u);
}

TEST(FloatSum, TheWorstCaseAddsTheReferencesOwnErrorAndTheFinalRounding)
{
    hoc::SumReference r;
    r.sum = -3;
    r.magnitude = 7;
    r.squares = 9;
    r.count = 4;
    EXPECT_EQ(hoc::sumErrorBound(r, 0), 4 * std::ldexp(7.0, -53) + 3 * u);
    EXPECT_NEAR(hoc::sumErrorBound(r, 3), 7 * growth(3) + 4 * std::ldexp(7.0, -53) + 3 * u, 1e-12 * u);
}

TEST(FloatSum, TheProbableBoundHoldsOnlyForSumsOfAboutTheNormOfTheValues)
{
    hoc::SumReference r;
    r.magnitude = 1000;
    r.squares = 100;  // norm 10
    r.count = 1000;
    const std::uint64_t k = 1 << 10;
    for (const double sum : {0.0, 40.0, -40.0}) {  // |sum| <= 4 norm: random signs are plausible
        r.sum = sum;
        const double probable = hoc::sumProbableBound(r, k);
        ASSERT_TRUE(std::isfinite(probable)) << sum;
        // (1 + L u sqrt(k)) L u sqrt(k) norm + u |sum| + count 2^-53 magnitude, L = 100
        const double first = 100 * u * 32 * 10;
        EXPECT_NEAR(probable, (1 + 100 * u * 32) * first + u * std::fabs(sum) + 1000 * std::ldexp(1000.0, -53),
                    1e-12 * first);
        EXPECT_LT(probable, hoc::sumErrorBound(r, k));
        EXPECT_EQ(hoc::sumAllowed(r, k), probable);
    }
    for (const double sum : {40.0001, -40.0001, 1000.0}) {  // past 4 norm: the premise fails
        r.sum = sum;
        EXPECT_TRUE(std::isinf(hoc::sumProbableBound(r, k))) << sum;
        EXPECT_EQ(hoc::sumAllowed(r, k), hoc::sumErrorBound(r, k)) << sum;
    }
}

TEST(FloatSum, ACheckOfRandomValuesRefusesZeroAndTheNegatedSum)
{
    const hoc::SumReference r = hoc::sumReference(hoc::randomFloats(1 << 20, 7, -1.0f, 1.0f));
    EXPECT_EQ(r.count, std::uint64_t{1} << 20);
    const std::uint64_t k = std::uint64_t{1} << 17;
    EXPECT_NO_THROW(hoc::requireDecisiveSum(r, k, "random", ""));
    EXPECT_TRUE(hoc::checkSum(r, static_cast<float>(r.sum), k).ok);
    EXPECT_FALSE(hoc::checkSum(r, 0.0f, k).ok);
    EXPECT_FALSE(hoc::checkSum(r, static_cast<float>(-r.sum), k).ok);
}
