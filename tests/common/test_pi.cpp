// The pi library (Pi/): the pi programs' references (hoc/pi/reference.hpp) and the error bounds of
// their float sums (hoc/pi/bounds.hpp), the error each way of adding is allowed, and the refusal
// before a run of a check that could not decide.
#include <cmath>
#include <cstdint>

#include "hoc/common/errors.hpp"
#include "hoc/pi/bounds.hpp"
#include "hoc/pi/reference.hpp"
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

TEST(PiReference, CheckSplitsTheError)
{
    // At 2^24 steps the midpoint rule's error, 2^-48 / 12, is below half an ulp of pi: the reference
    // is the double next to pi, 4.44e-16 above it.
    const std::uint64_t steps = std::uint64_t{1} << 24;
    const double pi = M_PI + 2.5e-9;
    const hoc::pi::Check c = hoc::pi::check(pi, steps, 1e-6);
    EXPECT_TRUE(c.ok);
    EXPECT_EQ(c.text,
              "pi = 3.141592656, error 2.50e-09 = midpoint rule 4.44e-16 + rounding 2.50e-09 (allowed 1.0e-06)");
    EXPECT_FALSE(hoc::pi::check(pi, steps, 1e-9).ok);
    EXPECT_EQ(hoc::pi::check(M_PI, steps, 1e-6, 12).text.substr(0, 19), "pi = 3.141592653590");
}

TEST(PiReference, SerialLoops)
{
    EXPECT_NEAR(hoc::pi::serialDouble(1000), hoc::pi::reference(1000), 1e-13);
    EXPECT_NEAR(hoc::pi::serialFloat(1000), hoc::pi::reference(1000), 1e-5);  // 1000 float additions
}

TEST(PiReference, FloatBound)
{
    // 100 additions: (1 + 8u)((1 + u)^100) - 1, times 3.25; at most gamma_100 = 100u / (1 - 100u).
    const double u = std::ldexp(1.0, -24);
    EXPECT_NEAR(hoc::pi::floatSumBound(100), 3.25 * ((1 + 8 * u) * std::pow(1 + u, 100) - 1), 1e-18);
    EXPECT_LE(hoc::pi::floatSumBound(100), 3.25 * ((1 + 8 * u) * (1 + 100 * u / (1 - 100 * u)) - 1));
}

// gamma_n is infinite at 2^24 additions and negative beyond, so with it the simple design would
// accept anything at --steps 33554432 --iters 33554432 ("allowed inf"). The bound used holds, finite
// and growing, over the whole range --iters (up to 2^32 - 1) and --local allow: 2^24 - 1 to 2^24 + 1
// additions, near 2^25 (that command) and near 2^31 and 2^32.
TEST(PiReference, FloatBoundOverTheWholeRange)
{
    const double u = std::ldexp(1.0, -24);
    double previous = 0;
    for (const std::uint64_t n : {(std::uint64_t{1} << 24) - 1, std::uint64_t{1} << 24, (std::uint64_t{1} << 24) + 1,
                                  (std::uint64_t{1} << 25) - 1, std::uint64_t{1} << 25, (std::uint64_t{1} << 25) + 1024,
                                  (std::uint64_t{1} << 31) - 1, std::uint64_t{1} << 31, (std::uint64_t{1} << 31) + 1,
                                  (std::uint64_t{1} << 32) - 1 + (std::uint64_t{1} << 20)}) {
        const double bound = hoc::pi::floatSumBound(n);
        SCOPED_TRACE(n);
        EXPECT_TRUE(std::isfinite(bound));
        EXPECT_GT(bound, previous);  // more additions, a larger bound
        // (1 + u)^n >= e^(n u) (1 - n u^2): the bound is never below the true worst case's growth.
        EXPECT_GE(bound, 3.25 * (std::exp(static_cast<double>(n) * u) * (1 - static_cast<double>(n) * u * u) - 1));
        previous = bound;
    }
    // At 2^25 additions: 3.25 (e^2 - 1), about 20.8.
    EXPECT_NEAR(hoc::pi::floatSumBound(std::uint64_t{1} << 25), 3.25 * (std::exp(2.0) - 1), 1e-3);
}

TEST(PiReference, StepsText) { EXPECT_EQ(hoc::pi::stepsText(1 << 24), "2^24 steps"); }

TEST(PiBounds, AdditionsOfEachWayOfAdding)
{
    using hoc::pi::Summation;
    // Work-item 0's loop adds each of the work-group's values in turn; a tree takes ceil(log2(size)) rounds.
    EXPECT_EQ(hoc::pi::floatAdditions(64, 16, Summation::FloatLoop), 64u + 16u);
    EXPECT_EQ(hoc::pi::floatAdditions(64, 16, Summation::FloatTree), 64u + 4u);
    EXPECT_EQ(hoc::pi::floatAdditions(64, 17, Summation::FloatTree), 64u + 5u);
    EXPECT_EQ(hoc::pi::floatAdditions(1000, 1, Summation::FloatTree), 1000u);
}

TEST(PiBounds, AllowedError)
{
    using hoc::pi::Summation;
    EXPECT_EQ(hoc::pi::allowedError(262144, 256, Summation::FloatLoop), hoc::pi::floatSumBound(262144 + 256));
    EXPECT_EQ(hoc::pi::allowedError(262144, 256, Summation::FloatTree), hoc::pi::floatSumBound(262144 + 8));
    EXPECT_EQ(hoc::pi::allowedError(262144, 256, Summation::Compensated), hoc::pi::kTarget);
}

TEST(PiBounds, RefusesABoundThatCannotDecide)
{
    using hoc::pi::Summation;
    const cl::Device& device = hoc::test::device();
    // 2^25 steps per work-item: the bound, 3.25 (e^2 - 1), is wider than pi itself (exit status 2).
    const std::uint64_t many = std::uint64_t{1} << 25;
    EXPECT_THROW(hoc::pi::requireDecisive(device, "simple", Summation::FloatLoop, many, 1, many), hoc::UsageError);
    EXPECT_THROW(hoc::pi::requireDecisive(device, "simple_tree", Summation::FloatTree, many, 1, many), hoc::UsageError);
    // Compensated sums are held to kTarget whatever their length; short float sums decide.
    EXPECT_NO_THROW(hoc::pi::requireDecisive(device, "tree", Summation::Compensated, many, 1, many));
    EXPECT_NO_THROW(hoc::pi::requireDecisive(device, "simple", Summation::FloatLoop, 20000, 16, 64));
}
