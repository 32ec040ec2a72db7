// Exercise 7: the row of A in private memory (mmul_private_row), against the double reference within
// the dot-product error bound (hoc_matmul_test.hpp). With the default chunk (1024) every test size
// has the whole row in one chunk; with a chunk of 64 the sizes with K = 65 ... 500 take two to eight
// chunks, which tests the sums carried over from chunk to chunk in C.
#include "hoc_matmul_test.hpp"
#include "matmul_private_row.hpp"

using hoc::matmul::Dims;

class MatmulPrivateRow : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulPrivateRow, MatchesReference)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulPrivateRow(device, a, b, d); }, GetParam(),
        "mmul_private_row (matmul_private_row.cl), chunk " + std::to_string(kPrivateRowChunk)));
}

class MatmulPrivateRowChunks : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulPrivateRowChunks, MatchesReferenceInChunksOf64)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulPrivateRow(device, a, b, d, 64); }, GetParam(),
        "mmul_private_row (matmul_private_row.cl), chunk 64"));
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulPrivateRow, ::testing::ValuesIn(hoc::test::matmulSizes()), hoc::test::sizeName);

// The sizes whose K is longer than one chunk of 64.
INSTANTIATE_TEST_SUITE_P(Sizes, MatmulPrivateRowChunks,
                         ::testing::Values(Dims{17, 33, 65}, Dims{128, 1, 256}, Dims{257, 257, 257},
                                           Dims{300, 200, 500}),
                         hoc::test::sizeName);
