// Exercise 20: the counts of one work-item of each matmul kernel (traffic.cpp), against counts made
// here independently, access by access, for square and rectangular sizes, K below, at and above a
// chunk of 1024, and tiles that do and do not divide K. The counts are exact small integers (in
// double), so they must match exactly. Then the totals they give must equal the traffic the course
// table (Exercise 09's matmul_table) records for sizes that are multiples of the work-groups, and
// the program's prediction must put the naive kernels under the bandwidth roof and the notes' case
// (004, "Back to roofline model") where the notes put it: 150 GB/s and 16 x 16 tiles give 600 GFLOP/s.
#include <cmath>
#include <string>

#include "hoc_hints/Exercise20_Roofline.hpp"
#include "hoc_test.hpp"
#include "traffic.hpp"

namespace {

using hoc::matmul::Dims;

std::string text(LadderKernel k, Dims d, double tile)
{
    return keyOf(k) + " kernel, M = " + std::to_string(d.m) + ", N = " + std::to_string(d.n) +
           ", K = " + std::to_string(d.k) + (k == LadderKernel::Blocked ? ", tile " + std::to_string(int(tile)) : "");
}

// The counts, written as loops over what one work-item reads and writes.
Counts counted(LadderKernel k, Dims d, double tile)
{
    Counts c;
    const auto read = [&c](double floats) { c.bytes += 4 * floats; };
    const auto write = read;
    const double N = double(d.n), K = double(d.k);
    switch (k) {
    case LadderKernel::Element: read(K), read(K), write(1), c.flops = 2 * K; break;
    case LadderKernel::Row:
        for (std::size_t j = 0; j < d.n; ++j)
            read(K), read(K), write(1);
        c.flops = 2 * N * K;
        break;
    case LadderKernel::PrivateRow:
        read(K);
        for (std::size_t j = 0; j < d.n; ++j)
            read(K), write(1);
        c.flops = 2 * N * K;
        break;
    case LadderKernel::LocalColumn:
        read(K);  // the row of A, chunk by chunk
        for (double k0 = 0; k0 < K; k0 += kChunk)
            for (std::size_t j = 0; j < d.n; ++j) {
                read(std::min(kChunk, K - k0) / kGroup);  // this work-item's share of the column copy
                if (k0 > 0)
                    read(1);  // C(i,j) so far
                write(1);
            }
        c.flops = 2 * N * K;
        break;
    case LadderKernel::Blocked:
        for (double k0 = 0; k0 < K; k0 += tile)
            read(1), read(1);
        write(1);
        c.flops = 2 * K;
        break;
    }
    return c;
}

}  // namespace

TEST(Roofline, CountsPerWorkItemMatchTheKernelsAsWritten)
{
    // One message per kernel: the first size and tile where the count differs.
    for (const LadderKernel k : ladderKernels()) {
        bool reported = false;
        for (const Dims d : {Dims{1024, 1024, 1024}, Dims{256, 512, 128}, Dims{64, 96, 3000}, Dims{128, 64, 2048}})
            for (const double tile : {16.0, 8.0, 7.0}) {
                const Counts want = counted(k, d, tile);
                const Counts got = perWorkItem(k, d, tile);
                const bool same = got.flops == want.flops && std::fabs(got.bytes - want.bytes) <= 1e-9 * want.bytes;
                if (same || reported)
                    continue;
                reported = true;
                ADD_FAILURE() << HOC_UNDER_TEST << ": one work-item of the " << text(k, d, tile)
                              << " (traffic.cpp): " << got.flops << " flops and " << got.bytes
                              << " bytes counted, the kernel as written does " << want.flops << " flops and moves "
                              << want.bytes << " bytes: " << hoc::test::hint(hoc::hints::count_as_written);
            }
    }
}

TEST(Roofline, TotalsAreTheCourseTablesTraffic)
{
    // What the course's programs record as "bytes" for the instructor's roofline (hoc/matmul/matmul.hpp,
    // Exercise 09's matmul_table), for sizes that are multiples of 64 and of the tile.
    for (const Dims d : {Dims{512, 256, 1024}, Dims{128, 64, 3072}}) {
        const std::size_t T = 16;
        const struct {
            LadderKernel kernel;
            double bytes;
        } table[] = {{LadderKernel::Element, hoc::matmul::bytesElement(d)},
                     {LadderKernel::Row, hoc::matmul::bytesElement(d)},
                     {LadderKernel::PrivateRow, hoc::matmul::bytesPrivateRow(d, 0)},
                     {LadderKernel::LocalColumn, hoc::matmul::bytesLocalColumn(d, 1024, 64)},
                     {LadderKernel::Blocked, hoc::matmul::bytesTiled(d, T, T)}};
        for (const auto& row : table) {
            const Counts c = perWorkItem(row.kernel, d, static_cast<double>(T));
            EXPECT_NEAR(c.bytes * workItems(row.kernel, d), row.bytes, 1e-9 * row.bytes)
                << HOC_UNDER_TEST << ": the " << text(row.kernel, d, T) << " moves in all what the course table "
                << "counts: " << hoc::test::hint(hoc::hints::count_as_written);
            EXPECT_DOUBLE_EQ(c.flops * workItems(row.kernel, d), d.flops())
                << HOC_UNDER_TEST << ": the " << text(row.kernel, d, T)
                << " does 2 M N K flops in all: " << hoc::test::hint(hoc::hints::count_as_written);
        }
    }
}

TEST(Roofline, PredictionsFollowTheCourseNotes)
{
    // The notes' GPU: 1,000 GFLOP/s and 150 GB/s. The naive kernel: 8 bytes per multiply-add, so
    // 37.5 GFLOP/s (their answer to "what is the value of this line"); 16 x 16 tiles: 600 GFLOP/s.
    const Roofs notes{150, 1000};
    const Dims d{4096, 4096, 4096};
    const Counts naive = perWorkItem(LadderKernel::Element, d, 16);
    ASSERT_GT(naive.bytes, 0) << HOC_UNDER_TEST << ": no bytes counted for the element kernel: "
                              << hoc::test::hint(hoc::hints::count_as_written);
    EXPECT_NEAR(predictedGflops(naive.flops / naive.bytes, notes), 37.5, 0.01)
        << HOC_UNDER_TEST << ": the element kernel on the notes' GPU";
    const Counts tiled = perWorkItem(LadderKernel::Blocked, d, 16);
    ASSERT_GT(tiled.bytes, 0) << HOC_UNDER_TEST << ": no bytes counted for the blocked kernel: "
                              << hoc::test::hint(hoc::hints::count_as_written);
    // The notes count loads only; the one store of C per element takes 0.2% off (598.8).
    EXPECT_NEAR(predictedGflops(tiled.flops / tiled.bytes, notes), 600, 3)
        << HOC_UNDER_TEST << ": the blocked kernel (16 x 16) on the notes' GPU";
    EXPECT_DOUBLE_EQ(predictedGflops(1e6, notes), 1000) << "far right of the ridge the peak is the bound";
}

// 004 §4.8's quiz ("Data Reuse within mat_mul Kernel"): how many times each element is used. Checked
// against a count of the multiply-adds that read each element, for the notes' square case and for
// rectangular sizes, where A's and B's answers differ.
TEST(Roofline, UsesOfEachElementAnswerTheNotesQuiz)
{
    for (const Dims d : {Dims{1024, 1024, 1024}, Dims{3, 5, 7}, Dims{17, 33, 19}}) {
        // Every multiply-add C(i,j) += A(i,k) B(k,j), counted where it lands: A(0,0) and B(0,0) stand
        // for every element (each is used as often as the others).
        double usesOfA = 0, usesOfB = 0;
        for (std::size_t i = 0; i < d.m; ++i)
            for (std::size_t j = 0; j < d.n; ++j) {
                usesOfA += i == 0 ? 1 : 0;  // C(0,j) reads A(0,0) once, at k = 0
                usesOfB += j == 0 ? 1 : 0;  // C(i,0) reads B(0,0) once, at k = 0
            }
        const Uses got = usesOfEachElement(d);
        const std::string size = "M = " + std::to_string(d.m) + ", N = " + std::to_string(d.n) +
                                 ", K = " + std::to_string(d.k);
        EXPECT_EQ(got.ofA, usesOfA) << HOC_UNDER_TEST << ": usesOfEachElement (traffic.cpp), " << size << ": "
                                    << got.ofA << " uses of each element of A is not the count of the "
                                    << "multiply-adds that read A(i,k): "
                                    << hoc::test::hint(hoc::hints::uses_of_each_element);
        EXPECT_EQ(got.ofB, usesOfB) << HOC_UNDER_TEST << ": usesOfEachElement (traffic.cpp), " << size << ": "
                                    << got.ofB << " uses of each element of B is not the count of the "
                                    << "multiply-adds that read B(k,j): "
                                    << hoc::test::hint(hoc::hints::uses_of_each_element);
        if (HasFailure())
            return;  // the first size that differs is enough
    }
}
