// Exercise 5: the host program running mmul_element, against the double reference within the
// dot-product error bound (hoc_matmul_test.hpp).
#include "hoc_matmul_test.hpp"
#include "matmul_host.hpp"

class MatmulHost : public ::testing::TestWithParam<hoc::matmul::Dims> {};

TEST_P(MatmulHost, MatchesReference)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(matmulHost, GetParam(), "host program matmul_host.cpp with mmul_element",
                                         /*wall_holds_kernel=*/true));
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulHost, ::testing::ValuesIn(hoc::test::matmulSizes()), hoc::test::sizeName);
