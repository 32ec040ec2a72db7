// Exercise 6: one row of C per work-item (mmul_row), against the double reference within the
// dot-product error bound (hoc_matmul_test.hpp).
#include <cstdio>
#include <string>

#include "hoc_hints/Exercise06_MatmulRow.hpp"
#include "hoc_matmul_test.hpp"
#include "matmul_row.hpp"

class MatmulRow : public ::testing::TestWithParam<hoc::matmul::Dims> {};

TEST_P(MatmulRow, MatchesReference)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(matmulRow, GetParam(), "mmul_row (matmul_row.cl, matmul_row.cpp)"));
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulRow, ::testing::ValuesIn(hoc::test::matmulSizes()), hoc::test::sizeName);

// The lesson from the launch the host code describes (MatmulResult::launch, what matmul_row.cpp passes to
// readResult: "global 64, local 64"): one work-item per row of C, a 1D range of M work-items rounded
// up to whole work-groups. Right values do not show it: Exercise 04's kernel in a 2D range of N x M
// work-items gives them too.
TEST(MatmulRowTechnique, OneWorkItemPerRow)
{
    const hoc::matmul::Dims d{17, 33, 19};
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
    const hoc::matmul::MatmulResult r = hoc::test::run([&] { return matmulRow(hoc::test::device(), in.a, in.b, d); });
    std::size_t global = 0, local = 0;
    char more = 0;
    const int read = std::sscanf(r.launch.c_str(), "global %zu, local %zu%c", &global, &local, &more);
    const bool rows = (read == 2 && local > 0 && global >= d.m && global % local == 0 && global - d.m < local) ||
                      (r.launch == "global " + std::to_string(d.m) + ", local chosen by the runtime");
    EXPECT_TRUE(rows) << HOC_UNDER_TEST << "/matmul_row.cpp: mmul_row ran in an NDRange of " << r.launch
                      << " for M = " << d.m << " rows of N = " << d.n
                      << "\n  hint: " << hoc::test::hint(hoc::hints::technique_rows, {{"m", std::to_string(d.m)}});
}
