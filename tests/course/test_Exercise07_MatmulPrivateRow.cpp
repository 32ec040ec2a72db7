// Exercise 7: the row of A in private memory, both steps, against the double reference within the
// dot-product error bound (hoc_matmul_test.hpp). Step 1 (mmul_private_row) holds the whole row; step
// 2 (mmul_private_row_chunks) a chunk of it. With the default chunk (1024) every usual test size has
// the whole row in one chunk; with a chunk of 64 the sizes with K = 65 ... 500 take two to eight
// chunks, which tests the sums carried over from chunk to chunk in C. K above 1024, where the
// slides' `float Awrk[1024]` breaks, takes both steps past the slides' limit (two or more chunks
// of the default length for step 2); K = 40000 takes step 2 past step 1's own limit, which step 1
// must refuse by name rather than crash.
#include <string>

#include "hoc_matmul_test.hpp"
#include "matmul_private_row.hpp"

using hoc::matmul::Dims;

namespace {

// What a failure names: the kernel, and the chunk for step 2.
std::string what(std::size_t chunk)
{
    if (chunk == kWholeRow)
        return "mmul_private_row (matmul_private_row.cl, step 1), the whole row";
    return "mmul_private_row_chunks (matmul_private_row.cl, step 2), chunk " + std::to_string(chunk);
}

::testing::AssertionResult correct(Dims d, std::size_t chunk)
{
    return hoc::test::matmulCorrect(
        [chunk](auto& device, auto& a, auto& b, Dims dims) { return matmulPrivateRow(device, a, b, dims, chunk); }, d,
        what(chunk));
}

}  // namespace

class MatmulPrivateRow : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulPrivateRow, MatchesReference) { EXPECT_TRUE(correct(GetParam(), kWholeRow)); }

TEST_P(MatmulPrivateRow, MatchesReferenceInChunksOf1024) { EXPECT_TRUE(correct(GetParam(), kPrivateRowChunk)); }

class MatmulPrivateRowChunks : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulPrivateRowChunks, MatchesReferenceInChunksOf64) { EXPECT_TRUE(correct(GetParam(), 64)); }

class MatmulPrivateRowLongK : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulPrivateRowLongK, MatchesReference) { EXPECT_TRUE(correct(GetParam(), kWholeRow)); }

TEST_P(MatmulPrivateRowLongK, MatchesReferenceInChunksOf1024) { EXPECT_TRUE(correct(GetParam(), kPrivateRowChunk)); }

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulPrivateRow, ::testing::ValuesIn(hoc::test::matmulSizes()), hoc::test::sizeName);

// The sizes whose K is longer than one chunk of 64.
INSTANTIATE_TEST_SUITE_P(Sizes, MatmulPrivateRowChunks,
                         ::testing::Values(Dims{17, 33, 65}, Dims{128, 1, 256}, Dims{257, 257, 257},
                                           Dims{300, 200, 500}),
                         hoc::test::sizeName);

// K past the slides' 1024: just past it, and past two chunks with a short last one (rows of C not a
// multiple of the work-group of 64).
INSTANTIATE_TEST_SUITE_P(Sizes, MatmulPrivateRowLongK, ::testing::Values(Dims{70, 9, 1025}, Dims{65, 33, 3000}),
                         hoc::test::sizeName);

// Past step 1's private-memory limit (kWholeRowMaxBytes): step 2 computes it, step 1 refuses it.
TEST(MatmulPrivateRowLimit, ChunksTakeARowStep1Refuses)
{
    const Dims d{3, 2, 40000};
    EXPECT_TRUE(correct(d, kPrivateRowChunk));
    try {
        const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
        matmulPrivateRow(hoc::test::device(), in.a, in.b, d);
        FAIL() << HOC_UNDER_TEST << ": step 1 with K = 40000 (160000 bytes of private memory per work-item) "
               << "should be refused";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("private memory"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("--chunk"), std::string::npos) << e.what();
    }
}
