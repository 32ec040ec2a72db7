// The matmul reference and its error bound: exact on small integer matrices, and the bound accepts
// float results computed in different orders while rejecting a one-ulp-scale perturbation far above it.
#include <cmath>
#include <cstdint>
#include <iostream>

#include "hoc/common/data.hpp"
#include "hoc/matmul/matmul.hpp"
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

// The bound gamma_K = K u / (1 - K u) is infinite at K = 2^24 and negative beyond, so with it a
// correct result is reported wrong at K = 2^24 + 1 and garbage passes at K = 2^24. The bound
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

namespace {

// The programs' inputs (hoc::matmul::randomInputs, which needs OpenCL's headers): uniform in [-1, 1).
struct Inputs {
    std::vector<float> a, b;
};
Inputs randomInputs(Dims d)
{
    return {hoc::randomFloats(d.m * d.k, 1, -1.0f, 1.0f), hoc::randomFloats(d.k * d.n, 2, -1.0f, 1.0f)};
}

// C = A B summed in float pairwise (a tree, as a work-group reduces), for the orders test below.
std::vector<float> pairwiseFloat(const std::vector<float>& a, const std::vector<float>& b, Dims d)
{
    std::vector<float> c(d.m * d.n), terms(d.k);
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t j = 0; j < d.n; ++j) {
            for (std::size_t k = 0; k < d.k; ++k)
                terms[k] = a[i * d.k + k] * b[k * d.n + j];
            for (std::size_t width = 1; width < d.k; width *= 2)
                for (std::size_t k = 0; k + width < d.k; k += 2 * width)
                    terms[k] += terms[k + width];
            c[i * d.n + j] = terms[0];
        }
    return c;
}

}  // namespace

// The elementwise bound grows like K u; from K = 2^24 on it allows more than a typical
// |c_ij| and a C of zeros passed ("all 4 elements correct", expected about 822, allowed 7.2e6). The
// normwise bound (hoc::matmul::normBound) grows like sqrt(K) u: zeros, and C off by 1%, are refused
// at every K up to 2^24, while the float loop, a reversed loop and a pairwise tree pass.
TEST(MatmulReference, NormwiseCheckRefusesZerosAtEveryK)
{
    for (const std::size_t k : {std::size_t{1} << 10, std::size_t{1} << 20, std::size_t{1} << 24}) {
        SCOPED_TRACE(k);
        const Dims d{2, 2, k};
        const Inputs in = randomInputs(d);
        const hoc::matmul::ExpectedC e = hoc::matmul::expectedC(in.a, in.b, d);
        ASSERT_TRUE(std::isfinite(e.norm));
        const std::vector<float> zeros(d.m * d.n, 0.0f);
        const hoc::CheckResult zero = hoc::matmul::check(e, zeros);
        EXPECT_FALSE(zero.ok);
        if (k == (std::size_t{1} << 24)) {  // here the elementwise check alone passes
            EXPECT_TRUE(hoc::compareWithBounds(e.value, zeros, e.bound).ok);
            EXPECT_NE(zero.message().find("normwise bound"), std::string::npos) << zero.message();
            std::cout << zero.message() << "\n";
        }
        std::vector<float> off(e.value.begin(), e.value.end());
        for (float& v : off)
            v *= 1.01f;
        EXPECT_FALSE(hoc::matmul::check(e, off).ok);

        const auto serial = hoc::matmul::serial(in.a, in.b, d);
        EXPECT_TRUE(hoc::matmul::check(e, serial).ok) << hoc::matmul::check(e, serial).message();
        const auto tree = pairwiseFloat(in.a, in.b, d);
        EXPECT_TRUE(hoc::matmul::check(e, tree).ok) << hoc::matmul::check(e, tree).message();
    }
}

// The normwise bound's margin on the course's sizes: the float loop's error is a small part of it
// (the bound is a tail bound with lambda = 10 and counts 2K roundings on partial sums as large as
// the whole), and a fused multiply-add loop passes too.
TEST(MatmulReference, NormwiseBoundHoldsForCorrectOrders)
{
    for (const Dims d : {Dims{1, 1, 1}, Dims{1, 1, 12}, Dims{17, 33, 1000}, Dims{64, 64, 4096}, Dims{1, 3, 1 << 18}}) {
        SCOPED_TRACE(d.text());
        const Inputs in = randomInputs(d);
        const hoc::matmul::ExpectedC e = hoc::matmul::expectedC(in.a, in.b, d);
        std::vector<float> fma(d.m * d.n);
        for (std::size_t i = 0; i < d.m; ++i)
            for (std::size_t j = 0; j < d.n; ++j) {
                float s = 0;
                for (std::size_t k = 0; k < d.k; ++k)
                    s = std::fma(in.a[i * d.k + k], in.b[k * d.n + j], s);
                fma[i * d.n + j] = s;
            }
        for (const std::vector<float>& c : {hoc::matmul::serial(in.a, in.b, d), pairwiseFloat(in.a, in.b, d), fma}) {
            const hoc::CheckResult r = hoc::matmul::check(e, c);
            EXPECT_TRUE(r.ok) << r.message();
            EXPECT_LT(r.normError, 0.25 * e.norm);
        }
    }
}

// Inputs whose products share a sign (all positive) break the normwise bound's premise: their
// partial sums grow like K and a float sum stalls. The bound then steps aside (infinite) and the
// elementwise bound alone decides, so the stalled float loop still passes.
TEST(MatmulReference, NormwiseBoundStepsAsideForOneSignedProducts)
{
    const Dims d{1, 1, std::size_t{1} << 24};
    const auto a = hoc::randomFloats(d.m * d.k, 5, 0.5f, 1), b = hoc::randomFloats(d.k * d.n, 6, 0.5f, 1);
    const hoc::matmul::ExpectedC e = hoc::matmul::expectedC(a, b, d);
    EXPECT_FALSE(std::isfinite(e.norm));
    EXPECT_TRUE(hoc::matmul::check(e, hoc::matmul::serial(a, b, d)).ok);
}
