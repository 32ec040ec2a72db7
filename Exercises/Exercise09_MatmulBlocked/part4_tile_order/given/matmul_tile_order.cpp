// Exercise 9, Appendix E measured: the host code of the tile-order kernel (matmul_tile_order.cl):
// matmulBlocked's five steps (runTiledKernel, matmul_blocked.cpp) with the kernel's name and the
// build option that picks the load order.
#include "matmul_blocked.hpp"

hoc::matmul::MatmulResult matmulTileOrder(const cl::Device& device, const std::vector<float>& a,
                                          const std::vector<float>& b, hoc::matmul::Dims d, std::size_t tile,
                                          bool loadsDownColumns)
{
    return runTiledKernel(device, a, b, d,
                          {"matmul_tile_order.cl", "mmul_tile_order", "the tile-order kernel", tile,
                           loadsDownColumns ? " -DLOADS_DOWN_COLUMNS" : "", false});
}
