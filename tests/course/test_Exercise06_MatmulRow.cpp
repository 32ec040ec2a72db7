// Exercise 6: one row of C per work-item (mmul_row), against the double reference within the
// dot-product error bound (hoc_matmul_test.hpp).
#include "hoc_matmul_test.hpp"
#include "matmul_row.hpp"

class MatmulRow : public ::testing::TestWithParam<hoc::matmul::Dims> {};

TEST_P(MatmulRow, MatchesReference)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(matmulRow, GetParam(), "mmul_row (matmul_row.cl, matmul_row.cpp)"));
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulRow, ::testing::ValuesIn(hoc::test::matmulSizes()), hoc::test::sizeName);
