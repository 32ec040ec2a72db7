// The slides' matrix-multiplication performance table, measured on your device: every variant of
// Exercises 05 to 09 and the sequential code, for the sizes you give, each checked. The rows are
// here; the command line, the measuring and the table are hoc::matmul::tableMain's.
//   matmul_table --size 1024 --repeats 5
//   matmul_table --sizes 512,1024,2048 --variants serial,element,blocked
#include "hoc/matmul/main.hpp"
#include "matmul_blocked.hpp"
#include "matmul_host.hpp"
#include "matmul_local_column.hpp"
#include "matmul_private_row.hpp"
#include "matmul_row.hpp"

namespace {

using hoc::matmul::Dims;

// Every row of the table, in the slides' order, with the global-memory traffic of each kernel as it
// is written (hoc/matmul/matmul.hpp: bytesElement ...), which the results record for the roofline.
std::vector<hoc::matmul::Variant> allVariants(std::size_t tile)
{
    using hoc::matmul::bytesElement;
    const auto privateRow = [](Dims d) { return hoc::matmul::bytesPrivateRow(d, kWholeRow); };
    const auto localColumn = [](Dims d) { return hoc::matmul::bytesLocalColumn(d, kLocalColumnChunk, 64); };
    std::vector<hoc::matmul::Variant> variants = {
        {"serial", "Sequential C (not OpenCL)", {}, {}, 887.2, 0},
        {"element", "C(i,j) per work-item, all global", matmulHost, bytesElement, 3926.1, 3720.9},
        {"row", "C row per work-item, all global", matmulRow, bytesElement, 3379.5, 4195.8},
        {"private_row", "C row per work-item, A row private",
         [](auto& device, auto& a, auto& b, Dims d) { return matmulPrivateRow(device, a, b, d); }, privateRow, 3385.8,
         8584.3},
        {"local_column", "C row per work-item, A private, B local",
         [](auto& device, auto& a, auto& b, Dims d) { return matmulLocalColumn(device, a, b, d); }, localColumn,
         10047.5, 8181.9},
    };
    for (auto& v : blockedVariants(tile))
        variants.push_back(std::move(v));
    return variants;
}

}  // namespace

int main(int argc, char** argv)
{
    hoc::matmul::TableProgram program;  // hoc/matmul/main.hpp
    program.variants = allVariants;
    return hoc::matmul::tableMain(argc, argv, HOC_FOLDER, HOC_TITLE, program);
}
