// Exercise 2: F = ((A + B) + E) + G, three float additions per element in the same order as the
// serial code, so the result must be exactly equal.
#include "chained_vadd.hpp"
#include "hoc/data.hpp"
#include "hoc/reference.hpp"
#include "hoc_test.hpp"

class ChainedVadd : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ChainedVadd, MatchesSerialChain)
{
    const std::size_t n = GetParam();
    const auto a = hoc::randomFloats(n, 21), b = hoc::randomFloats(n, 22, -1, 1);
    const auto e = hoc::randomFloats(n, 23, -100, 100), g = hoc::randomFloats(n, 24, 0, 1e-3f);
    const ChainResult r = hoc::test::run([&] { return chainedVadd(hoc::test::device(), a, b, e, g); });
    using hoc::ref::vadd;
    EXPECT_TRUE(hoc::test::correct(hoc::compare(vadd(vadd(vadd(a, b), e), g), r.f),
                                   "F = A + B + E + G, N = " + std::to_string(n)));
}

INSTANTIATE_TEST_SUITE_P(Sizes, ChainedVadd, ::testing::ValuesIn(hoc::test::vectorSizes()), hoc::test::vectorSizeName);
