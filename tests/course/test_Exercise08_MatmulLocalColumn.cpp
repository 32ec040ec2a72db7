// Exercise 8: a column of B shared in local memory (mmul_local_column), against the double reference
// within the dot-product error bound (hoc_matmul_test.hpp). As in Exercise 07, a chunk of 64 makes
// the larger K take several chunks, and K = 1025 and 3000 take several of the default 1024.
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

class MatmulLocalColumnLongK : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulLocalColumnLongK, MatchesReference)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulLocalColumn(device, a, b, d); }, GetParam(),
        "mmul_local_column (matmul_local_column.cl), chunk " + std::to_string(kLocalColumnChunk)));
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulLocalColumn, ::testing::ValuesIn(hoc::test::matmulSizes()), hoc::test::sizeName);

// K past one chunk of 1024 (the slides' fixed private row, and 004's fixed local column): just past
// it, and past two chunks with a short last one, rows of C not a multiple of the work-group. A
// kernel that assumes K fits one fixed-size array writes past it here (oclgrind names the line).
INSTANTIATE_TEST_SUITE_P(Sizes, MatmulLocalColumnLongK, ::testing::Values(Dims{70, 9, 1025}, Dims{65, 33, 3000}),
                         hoc::test::sizeName);

// The sizes whose K is longer than one chunk of 64.
INSTANTIATE_TEST_SUITE_P(Sizes, MatmulLocalColumnChunks,
                         ::testing::Values(Dims{17, 33, 65}, Dims{128, 1, 256}, Dims{257, 257, 257},
                                           Dims{300, 200, 500}),
                         hoc::test::sizeName);
