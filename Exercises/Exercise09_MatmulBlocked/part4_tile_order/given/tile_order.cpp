// Appendix E of the slides ("Memory coalescence: matrix multiplication case study"), measured on your
// device: one blocked kernel, its tiles loaded along rows (coalesced) and down columns (the appendix's
// mistake); both checked, timed by their profiling events (median of the timed runs after a warm-up)
// and compared by hoc::matmul::tileOrderMain, which also reads the command line. The host code of
// both orders is matmulTileOrder (matmul_tile_order.cpp).
//   tile_order --size 1024 --repeats 5
#include "hoc/matmul/main.hpp"
#include "matmul_blocked.hpp"

int main(int argc, char** argv)
{
    return hoc::matmul::tileOrderMain(argc, argv, HOC_FOLDER, HOC_TITLE, matmulTileOrder);
}
