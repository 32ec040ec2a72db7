// The slides' matrix-multiplication performance table, measured on your device: every variant of
// Exercises 05 to 09 and the sequential code, for the sizes you give, each checked.
//   matmul_table --size 1024 --repeats 5
//   matmul_table --sizes 512,1024,2048 --variants serial,element,blocked
#include <algorithm>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/matmul/main.hpp"
#include "matmul_blocked.hpp"
#include "matmul_host.hpp"
#include "matmul_local_column.hpp"
#include "matmul_private_row.hpp"
#include "matmul_row.hpp"
#include "hoc/matmul/performance_table.hpp"

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
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    std::vector<std::size_t> squares;
    cli.sizesOption("--sizes", squares, "Several sizes in one table, each as --size (e.g. 512,1024,2048)");
    std::vector<std::string> keys;
    for (const auto& v : allVariants(1))
        keys.push_back(v.key);
    std::vector<std::string> chosen = keys;
    cli.listOption("--variants", chosen, "The rows to run (default: all)", keys);
    hoc::matmul::TableOptions options;
    long repeats = options.repeats.runs, tile = 16;
    std::size_t serialRows = 0;
    cli.option("--repeats", repeats, "Timed runs of each variant after a warm-up run", 1, 1000);
    cli.option("--tile", tile, "Tile side of the blocked kernels", 1, 1024);
    cli.sizeOption("--serial-rows", serialRows,
                   "Rows of C the sequential code computes (default: all up to ~4.3 GFLOP, fewer beyond)");

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    options.repeats.runs = static_cast<int>(repeats);
    options.serialRows = serialRows;
    std::vector<Dims> all;
    if (squares.empty())
        all.push_back(sizes.dims());
    for (const std::size_t n : squares)
        all.push_back(sizes.dims(n));
    std::vector<hoc::matmul::Variant> variants;
    for (auto& v : allVariants(static_cast<std::size_t>(tile)))
        if (std::find(chosen.begin(), chosen.end(), v.key) != chosen.end())
            variants.push_back(std::move(v));
    const auto rows = hoc::matmul::measure(device, variants, all, options, report);
    hoc::matmul::printTable(std::cout, rows, all, options);
    hoc::matmul::requireEveryRowRan(rows);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
