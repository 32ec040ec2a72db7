// Exercise 4: the kernel mmul_element (one work-item per element of C), run by the ready-made host
// program, against the double reference within the dot-product error bound (hoc_matmul_test.hpp).
#include "hoc_matmul_test.hpp"
#include "matmul_kernel.hpp"

class MatmulKernel : public ::testing::TestWithParam<hoc::matmul::Dims> {};

TEST_P(MatmulKernel, MatchesReference)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(matmulKernel, GetParam(), "mmul_element (matmul_element.cl)"));
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulKernel, ::testing::ValuesIn(hoc::test::matmulSizes()), hoc::test::sizeName);
