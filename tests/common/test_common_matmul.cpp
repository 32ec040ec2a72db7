// The matmul reference and its error bound: exact on small integer matrices, and the bound accepts
// float results computed in different orders while rejecting a one-ulp-scale perturbation far above it.
#include <cmath>
#include <cstdint>

#include "hoc/data.hpp"
#include "hoc/matmul.hpp"
#include "hoc_test.hpp"

using hoc::matmul::Dims;

TEST(MatmulReference, SmallIntegerMatricesAreExact)
{
    // A = [1 2 3; 4 5 6] (2 x 3), B = [7 8; 9 10; 11 12] (3 x 2): C = [58 64; 139 154].
    const std::vector<float> a = {1, 2, 3, 4, 5, 6}, b = {7, 8, 9, 10, 11, 12};
    const Dims d{2, 2, 3};
    const std::vector<double> expected = {58, 64, 139, 154};
    EXPECT_EQ(hoc::matmul::reference(a, b, d), expected);
    EXPECT_EQ(hoc::matmul::serial(a, b, d), std::vector<float>(expected.begin(), expected.end()));
    EXPECT_TRUE(hoc::matmul::check(a, b, {58, 64, 139, 154}, d).ok);
    EXPECT_FALSE(hoc::matmul::check(a, b, {58, 64, 139, 155}, d).ok);
}

TEST(MatmulReference, BoundAcceptsOtherSummationOrders)
{
    const Dims d{17, 33, 1000};
    const auto a = hoc::randomFloats(d.m * d.k, 1, -1, 1), b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
    // The serial float loop and a reversed-order float sum are both within the bound.
    EXPECT_TRUE(hoc::matmul::check(a, b, hoc::matmul::serial(a, b, d), d).ok);
    std::vector<float> reversed(d.m * d.n);
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t j = 0; j < d.n; ++j) {
            float s = 0;
            for (std::size_t k = d.k; k-- > 0;)
                s += a[i * d.k + k] * b[k * d.n + j];
            reversed[i * d.n + j] = s;
        }
    EXPECT_TRUE(hoc::matmul::check(a, b, reversed, d).ok);
}

TEST(MatmulReference, BoundRejectsAMissingTerm)
{
    const Dims d{8, 8, 64};
    const auto a = hoc::randomFloats(d.m * d.k, 3, 0.5f, 1), b = hoc::randomFloats(d.k * d.n, 4, 0.5f, 1);
    auto c = hoc::matmul::serial(a, b, d);
    c[5] -= a[0 * d.k + 63] * b[63 * d.n + 5];  // as if the last k were skipped (an off-by-one)
    const auto r = hoc::matmul::check(a, b, c, d);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.first, 5u);
    EXPECT_EQ(r.wrong, 1u);
}

// Issue 20, item 3: gamma_K = K u / (1 - K u) is infinite at K = 2^24 and negative beyond, so a
// correct result was reported wrong at K = 2^24 + 1 and garbage passed at K = 2^24. The bound
// ((1 + u)^K - 1) sum |a| |b| holds for every K: at the edges K = 2^24 - 1, 2^24, 2^24 + 1 it is
// finite and positive, the course's float loop passes (also with all-positive inputs, whose float
// sum stalls once the sum's spacing outgrows the terms), and a result beyond the bound fails.
TEST(MatmulReference, BoundHoldsAtK2To24)
{
    const double u = std::ldexp(1.0, -24);
    EXPECT_NEAR(hoc::matmul::roundingFactor(100, u), 100 * u + 4950 * u * u, 1e-16);  // (1 + u)^100 - 1
    EXPECT_LE(hoc::matmul::roundingFactor(100, u), 100 * u / (1 - 100 * u));
    EXPECT_NEAR(hoc::matmul::roundingFactor(std::uint64_t{1} << 24, u), std::exp(1.0) - 1, 1e-6);
    EXPECT_TRUE(std::isfinite(hoc::matmul::roundingFactor(std::uint64_t{1} << 31, u)));

    for (const std::size_t k : {(std::size_t{1} << 24) - 1, std::size_t{1} << 24, (std::size_t{1} << 24) + 1}) {
        SCOPED_TRACE(k);
        for (const float low : {-1.0f, 0.5f}) {  // mixed signs, and all positive (the float sum stalls)
            const Dims d{1, 1, k};
            const auto a = hoc::randomFloats(d.m * d.k, 5, low, 1), b = hoc::randomFloats(d.k * d.n, 6, low, 1);
            const auto bounds = hoc::matmul::errorBounds(a, b, d);
            ASSERT_TRUE(std::isfinite(bounds[0]));
            ASSERT_GT(bounds[0], 0);
            const auto exact = hoc::matmul::reference(a, b, d);
            const auto serial = hoc::matmul::serial(a, b, d);
            const auto serialCheck = hoc::compareWithBounds(exact, serial, bounds);
            EXPECT_TRUE(serialCheck.ok) << serialCheck.message();
            for (const float garbage : {static_cast<float>(exact[0] + 1.01 * bounds[0]),
                                        static_cast<float>(exact[0] - 1.01 * bounds[0]), 1e30f, -1e30f, INFINITY, NAN})
                EXPECT_FALSE(hoc::compareWithBounds(exact, {garbage}, bounds).ok) << garbage;
        }
    }
}
