// Exercise 8: a column of B shared in local memory (mmul_local_column), against the double reference
// within the dot-product error bound (hoc_matmul_test.hpp). As in Exercise 07, a chunk of 64 makes
// the larger K take several chunks.
#include "hoc_matmul_test.hpp"
#include "matmul_local_column.hpp"

using hoc::matmul::Dims;

class MatmulLocalColumn : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulLocalColumn, MatchesReference)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulLocalColumn(device, a, b, d); }, GetParam(),
        "mmul_local_column (matmul_local_column.cl), chunk " + std::to_string(kLocalColumnChunk)));
}

class MatmulLocalColumnChunks : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulLocalColumnChunks, MatchesReferenceInChunksOf64)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulLocalColumn(device, a, b, d, 64); }, GetParam(),
        "mmul_local_column (matmul_local_column.cl), chunk 64"));
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulLocalColumn, ::testing::ValuesIn(hoc::test::matmulSizes()),
                         hoc::test::sizeName);

// The sizes whose K is longer than one chunk of 64.
INSTANTIATE_TEST_SUITE_P(Sizes, MatmulLocalColumnChunks,
                         ::testing::Values(Dims{17, 33, 65}, Dims{128, 1, 256}, Dims{257, 257, 257},
                                           Dims{300, 200, 500}),
                         hoc::test::sizeName);
