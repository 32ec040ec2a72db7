// Exercise 3: D = (A + B) + C in the kernel's order equals the serial sum exactly. The three inputs
// have different scales so that a swapped or missing argument changes the answer.
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc_test.hpp"
#include "vadd3.hpp"

class Vadd3 : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Vadd3, MatchesSerialSum)
{
    const std::size_t n = GetParam();
    const auto a = hoc::randomFloats(n, 31), b = hoc::randomFloats(n, 32, 10, 20),
               c = hoc::randomFloats(n, 33, -1e3f, 0);
    const Vadd3Result r = hoc::test::run([&] { return vadd3(hoc::test::device(), a, b, c); });
    EXPECT_TRUE(
        hoc::test::correct(hoc::compare(hoc::ref::vadd3(a, b, c), r.d), "D = A + B + C, N = " + std::to_string(n)));
}

INSTANTIATE_TEST_SUITE_P(Sizes, Vadd3, ::testing::ValuesIn(hoc::test::vectorSizes()), hoc::test::vectorSizeName);
