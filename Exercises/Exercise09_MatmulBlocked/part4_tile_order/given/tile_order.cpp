// Appendix E of the slides ("Memory coalescence: matrix multiplication case study"), measured on your
// device: one blocked kernel, its tiles loaded along rows (coalesced) and down columns (the appendix's
// mistake); both checked, timed by their profiling events (median of the timed runs after a warm-up)
// by hoc::matmul::tableMain, which also reads the command line.
//   tile_order --size 1024 --repeats 5
#include <cstdio>

#include "hoc/matmul/main.hpp"
#include "matmul_blocked.hpp"

int main(int argc, char** argv)
{
    hoc::matmul::TableProgram program;
    program.variants = [](std::size_t tile) {
        const auto order = [tile](bool downColumns) {
            return [tile, downColumns](auto& device, auto& a, auto& b, hoc::matmul::Dims d) {
                return matmulTileOrder(device, a, b, d, tile, downColumns);
            };
        };
        const auto tiled = blockedVariants(tile).front().bytes;  // the same global-memory traffic in both orders
        return std::vector<hoc::matmul::Variant>{
            {"rows", "Tiles loaded along rows (coalesced)", order(false), tiled},
            {"columns", "Tiles loaded down columns (Appendix E's mistake)", order(true), tiled},
        };
    };
    program.repeatsHelp = "Timed runs of each order after a warm-up run";
    program.tileHelp = "Tile side: tile x tile work-groups, two tiles in local memory";
    program.table = false;
    program.after = [](const std::vector<hoc::matmul::TableCell>& rows, long repeats) {
        if (rows.size() == 2 && rows[0].correct && rows[1].correct && rows[0].seconds > 0)
            std::printf(
                "\nDown columns took %.2f times the kernel time along rows (the median of %ld timed run%s each).\n"
                "Appendix E of the slides, on an NVIDIA M2090 GPU: \"around 76695.8 MFLOPS\" with the mistake,\n"
                "\"around 119304.6\" fixed; on its CPU \"the effect was not apparent\", yet the fix took it\n"
                "\"from 9.8 GFLOPS to 12 GFLOPS\".\n",
                rows[1].seconds / rows[0].seconds, repeats, repeats == 1 ? "" : "s");
    };
    return hoc::matmul::tableMain(argc, argv, HOC_FOLDER, HOC_TITLE, program);
}
