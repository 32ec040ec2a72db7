// Exercise 1: C = A + B must equal the serial sum exactly (one float addition per element).
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc_test.hpp"
#include "vadd.hpp"

class Vadd : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Vadd, MatchesSerialSum)
{
    const std::size_t n = GetParam();
    const auto a = hoc::randomFloats(n, 11), b = hoc::randomFloats(n, 12, -1.0f, 1.0f);
    const VaddResult r = hoc::test::run([&] { return vadd(hoc::test::device(), a, b); });
    EXPECT_TRUE(hoc::test::correct(hoc::compare(hoc::ref::vadd(a, b), r.c), "C = A + B, N = " + std::to_string(n)));
    EXPECT_GT(r.timing.kernel_s, 0.0) << "the kernel's profiling event should report its run time";
}

INSTANTIATE_TEST_SUITE_P(Sizes, Vadd, ::testing::ValuesIn(hoc::test::vectorSizes()), hoc::test::vectorSizeName);
