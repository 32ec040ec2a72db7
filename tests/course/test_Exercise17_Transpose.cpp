// Exercise 17: every transpose kernel against the serial transpose, exactly (moving a float does
// not change it), for shapes that are not multiples of the tile or the work-group (1 x 1, single
// rows and columns, tall and wide) and for work-groups from 1 work-item to the device's maximum.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc_hints/Exercise17_Transpose.hpp"
#include "hoc_test.hpp"
#include "transpose.hpp"

namespace {

struct Shape {
    std::size_t rows, cols;
};

const Shape kShapes[] = {{1, 1}, {1, 37}, {37, 1}, {17, 33}, {64, 64}, {100, 300}, {513, 257}};

Transposer makeTransposer(const TransposeShape& shape)
{
    return hoc::test::run([&] { return Transposer(hoc::test::device(), shape); });
}

// Where the wrong elements of out (cols x rows, out[i][j] = in[j][i]) lie, what they hold, and the
// hint when they are exactly out's rows (or columns) from the number `in` has on: the kernel bounded
// out's row (column) by in's. "" where none is wrong.
std::pair<std::string, std::string> whereWrong(const std::vector<float>& out, const std::vector<float>& in,
                                               std::size_t rows, std::size_t cols)
{
    std::size_t rowLo = cols, rowHi = 0, colLo = rows, colHi = 0, wrong = 0, zero = 0, foreign = 0;
    bool rowsPast = rows < cols, columnsPast = cols < rows;  // wrong exactly where i >= rows (j >= cols)
    for (std::size_t i = 0; i < cols; ++i)
        for (std::size_t j = 0; j < rows && i * rows + j < out.size(); ++j) {
            const float x = out[i * rows + j];
            const bool bad = !(x == in[j * cols + i]);
            rowsPast = rowsPast && bad == (i >= rows);
            columnsPast = columnsPast && bad == (j >= cols);
            if (!bad)
                continue;
            ++wrong;
            rowLo = std::min(rowLo, i), rowHi = std::max(rowHi, i), colLo = std::min(colLo, j),
            colHi = std::max(colHi, j);
            zero += x == 0.0f ? 1 : 0;
            foreign += x != 0.0f && std::find(in.begin(), in.end(), x) == in.end() ? 1 : 0;
        }
    if (wrong == 0)
        return {"", ""};
    const auto range = [](std::size_t lo, std::size_t hi) {
        return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
    };
    std::string text = "\n  the wrong elements lie in rows " + range(rowLo, rowHi) + " and columns " +
                       range(colLo, colHi) + " of out (" + std::to_string(cols) + " x " + std::to_string(rows) + ")";
    if (zero + foreign == wrong)
        text += ", and hold values `in` does not have (0 in " + std::to_string(zero) + " of them): elements never " +
                "written, or written from a place that never held a value of `in`";
    std::string hint;
    if (rowsPast || columnsPast) {
        const std::string what = rowsPast ? "rows" : "columns";
        hint = hoc::test::hint(hoc::hints::rows_past, {{"what", what},
                                                       {"first", std::to_string(rowsPast ? rows : cols)},
                                                       {"last", std::to_string((rowsPast ? cols : rows) - 1)},
                                                       {"count", std::to_string(rowsPast ? cols : rows)},
                                                       {"out_rows", std::to_string(cols)},
                                                       {"out_cols", std::to_string(rows)},
                                                       {"stop", std::to_string(rowsPast ? rows : cols)}});
    }
    return {text, hint};
}

// Where a wrong transpose most likely comes from, for each kernel (the oclgrind test of the exercise
// names a missing barrier as a data race and an unchecked edge as an access past the buffer).
std::string hint(TransposeKernel kernel, const std::vector<float>& out, const std::vector<float>& in, std::size_t rows,
                 std::size_t cols)
{
    if (std::all_of(out.begin(), out.end(), [](float x) { return x == 0.0f; }))
        return "\n  where: kernel " + kernelName(kernel) +
               " in transpose.cl\n  hint: " + hoc::test::hint(hoc::hints::starter, {{"kernel", kernelName(kernel)}});
    const auto [lie, past] = whereWrong(out, in, rows, cols);
    const std::string where = lie + "\n  where: kernel " + kernelName(kernel) + " in transpose.cl\n  hint: ";
    if (!past.empty())
        return where + past;
    // Where a wrong element's value came from (the first that holds one of `in`'s): out is cols x
    // rows, out[i][j] = in[j][i]; the inputs are random floats, so a value found in `in` names the
    // element that was copied there. Elements that hold 0 or a value `in` lacks (never written, or
    // written from an unfilled tile) are passed over.
    for (std::size_t w = 0; w < out.size() && w < rows * cols; ++w) {
        const std::size_t i = w / rows, j = w % rows;
        if (out[w] == in[j * cols + i])
            continue;
        const auto from = std::find(in.begin(), in.end(), out[w]);
        if (out[w] == 0.0f || from == in.end())
            continue;
        const std::size_t at = static_cast<std::size_t>(from - in.begin());
        return where + hoc::test::hint(hoc::hints::value_from, {{"row", std::to_string(i)},
                                                                {"column", std::to_string(j)},
                                                                {"from_row", std::to_string(at / cols)},
                                                                {"from_column", std::to_string(at % cols)}});
    }
    if (kernel == TransposeKernel::Naive)
        return where + hoc::test::hint(hoc::hints::naive_indices);
    return where + hoc::test::hint(hoc::hints::tiled_barrier_and_bounds);
}

// Transposes every shape with `kernel` and compares it with the serial transpose: the fixed shapes,
// and a block of the tile's side and one either side in each direction.
void checkShapes(Transposer& transposer, TransposeKernel kernel, const std::string& config, std::size_t tile)
{
    std::vector<Shape> shapes(std::begin(kShapes), std::end(kShapes));
    if (tile > 1)
        shapes.insert(shapes.end(), {{tile, tile}, {tile - 1, tile + 1}, {tile + 1, tile - 1}});
    for (const Shape& s : shapes) {
        const std::vector<float> in = hoc::randomFloats(s.rows * s.cols,
                                                        static_cast<std::uint32_t>(s.rows * 1000 + s.cols));
        const TransposeResult r = hoc::test::run([&] { return transposer.transpose(in, s.rows, s.cols, kernel); });
        ASSERT_TRUE(hoc::test::correct(hoc::compare(hoc::ref::transpose(in, s.rows, s.cols), r.out),
                                       kernelName(kernel) + ", " + std::to_string(s.rows) + " x " +
                                           std::to_string(s.cols) + ", " + config))
            << hint(kernel, r.out, in, s.rows, s.cols);
        EXPECT_GT(r.seconds, 0.0) << "the kernel's profiling event should report its run time";
    }
}

// The side of the largest square work-group every kernel allows (CL_KERNEL_WORK_GROUP_SIZE: 4096 on
// PoCL, so 64; NVIDIA may allow less than its device maximum of 1024).
std::size_t maxSquareSide()
{
    Transposer transposer = makeTransposer({});
    std::size_t max = SIZE_MAX;
    for (const TransposeKernel k : transposeKernels())
        max = std::min(max, transposer.maxWorkGroupSize(k));
    std::size_t side = 1;
    while ((side + 1) * (side + 1) <= max)
        ++side;
    return side;
}

}  // namespace

TEST(Transpose, DefaultShapes)
{
    Transposer transposer = makeTransposer({});
    for (const TransposeKernel k : transposeKernels())
        checkShapes(transposer, k, "default work-groups", TransposeShape{}.tile);
}

TEST(Transpose, WorkGroupsFromOneToTheMaximum)
{
    // tile x tileRows work-groups for the tiled kernels, naiveX x naiveY for the naive one:
    // 1 x 1; an odd tile with rows that do not divide it; and the largest square all three kernels allow
    // (64 x 64 = 4096 on PoCL), whose tile + 1 padded rows must also fit local memory.
    const std::size_t side = maxSquareSide();
    const TransposeShape shapes[] = {{1, 1, 1, 1}, {7, 3, 3, 5}, {side, side, side, side}};
    for (const TransposeShape& shape : shapes) {
        Transposer transposer = makeTransposer(shape);
        const std::string config = "tile " + std::to_string(shape.tile) + " x " + std::to_string(shape.tileRows) +
                                   ", naive " + std::to_string(shape.naiveX) + " x " + std::to_string(shape.naiveY);
        for (const TransposeKernel k : transposeKernels())
            checkShapes(transposer, k, config, shape.tile);
    }
}

TEST(Transpose, BadRequestsAreRefused)
{
    Transposer transposer = makeTransposer({});
    EXPECT_THROW(hoc::test::run([&] { return transposer.transpose({1, 2, 3}, 2, 2, TransposeKernel::Naive); }),
                 std::runtime_error)
        << HOC_UNDER_TEST << "/given/transpose.cpp: a 2 x 2 transpose given 3 floats was not refused with an error";
    EXPECT_THROW(makeTransposer({8, 9, 16, 16}), std::runtime_error)
        << HOC_UNDER_TEST << "/given/transpose.cpp: a tile of 8 x 8 with 9 rows of work-items (more rows than the tile "
        << "has) was not refused with an error";
}

// The lessons of steps 2 and 3 from CL_KERNEL_LOCAL_MEM_SIZE (the local memory a work-group uses): a
// tiled kernel holds at least its tile of floats, the padded one a tile whose rows are one float longer.
// Not every implementation fills that query in: PoCL 6.0 answers 0 for every kernel, whatever its
// __local arrays. A probe kernel holding a known array tells first whether this device's answer
// counts such arrays; where it does not, the tests are skipped with that reason (the exercise's
// technique checks under oclgrind see whether every element passes through the tile).
namespace {

constexpr std::size_t kProbeFloats = 64;

// The local memory this device reports for a kernel whose one __local array holds kProbeFloats floats.
std::size_t probeLocalMemoryBytes()
{
    const std::string source = "__kernel void probe(__global float* out)\n"
                               "{\n"
                               "    __local float held[" +
                               std::to_string(kProbeFloats) +
                               "];\n"
                               "    const size_t i = get_local_id(0);\n"
                               "    held[i] = (float)i;\n"
                               "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                               "    out[get_global_id(0)] = held[get_local_size(0) - 1 - i];\n"
                               "}\n";
    return hoc::test::run([&] {
        const cl::Context context(hoc::test::device());
        cl::Program program(context, source);
        program.build({hoc::test::device()});
        return cl::Kernel(program, "probe").getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(hoc::test::device());
    });
}

void expectTileInLocalMemory(TransposeKernel kernel, std::size_t rowLength, const hoc::test::Hint& hint)
{
    const std::size_t probe = probeLocalMemoryBytes();
    if (probe < kProbeFloats * sizeof(float))
        GTEST_SKIP() << "this device's CL_KERNEL_LOCAL_MEM_SIZE does not count a kernel's own __local arrays (a "
                     << "probe kernel holding " << kProbeFloats << " floats is said to use " << probe
                     << " bytes), so it cannot show whether " << kernelName(kernel)
                     << " holds a tile; the technique checks under oclgrind can";
    Transposer transposer = makeTransposer({});
    const std::size_t tile = TransposeShape{}.tile;
    const std::size_t bytes = hoc::test::run([&] { return transposer.localMemoryBytes(kernel); });
    const std::size_t needed = tile * rowLength * sizeof(float);
    const std::string what =
        bytes == 0
            ? " uses no local memory (CL_KERNEL_LOCAL_MEM_SIZE is 0): every element of `in` comes from global memory"
            : " uses " + std::to_string(bytes) +
                  " bytes of local memory per work-group (CL_KERNEL_LOCAL_MEM_SIZE, "
                  "built with TILE = " +
                  std::to_string(tile) + "), less than a tile of " + std::to_string(tile) + " rows of " +
                  std::to_string(rowLength) + " floats (" + std::to_string(needed) + " bytes)";
    EXPECT_TRUE(bytes >= needed) << HOC_UNDER_TEST << "/transpose.cl: " << kernelName(kernel) << what
                                 << "\n  hint: " << hoc::test::hint(hint, {{"kernel", kernelName(kernel)}});
}

}  // namespace

TEST(TransposeTechnique, TiledHoldsItsBlockInLocalMemory)
{
    expectTileInLocalMemory(TransposeKernel::Tiled, TransposeShape{}.tile, hoc::hints::technique_tiled_tile);
}

TEST(TransposeTechnique, PaddedTileRowsAreOneFloatLonger)
{
    expectTileInLocalMemory(TransposeKernel::Padded, TransposeShape{}.tile + 1, hoc::hints::technique_padded);
}
