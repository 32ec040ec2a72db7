// Exercise 9: blocked matrix multiplication, tiles of A and B in local memory, and the variants of
// the exercise-4 notes: the work-group size required at compile time, local memory sized at run time,
// and A and B read as images.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/matmul/buffers.hpp"  // and matmul_host.hpp: the host functions below run through Buffers
#include "hoc/matmul/performance_table.hpp"

// In each, A is M x K and B is K x N, both row-major (d gives M, N, K, each at least 1), and C = A * B
// is computed by one work-item per element.

// A tiled kernel with mmul_blocked's arguments (M, N, K, A, B, C), run in tile x tile work-groups.
struct TiledKernel {
    std::string file;               // "matmul_blocked.cl"
    std::string kernel;             // "mmul_blocked"
    std::string description;        // "the blocked kernel", for messages
    std::size_t tile = 16;          // built with -DTILE=tile
    std::string options;            // further build options, each with a space before it
    bool requireGroupSize = false;  // check that the kernel declares reqd_work_group_size(tile, tile, 1)
};

// The five steps of the blocked kernel's host program for any such kernel (matmulBlocked and
// matmulTileOrder below are two calls of it).
hoc::matmul::MatmulResult runTiledKernel(const cl::Device& device, const std::vector<float>& a,
                                         const std::vector<float>& b, hoc::matmul::Dims d, const TiledKernel& k);

// The kernel mmul_blocked (matmul_blocked.cl), compiled for tile x tile tiles (-DTILE=tile) and run in
// tile x tile work-groups. With requireGroupSize the kernel also declares that work-group size
// (reqd_work_group_size, built with -DREQUIRE_GROUP_SIZE) and the host launches with what it declares.
hoc::matmul::MatmulResult matmulBlocked(const cl::Device& device, const std::vector<float>& a,
                                        const std::vector<float>& b, hoc::matmul::Dims d, std::size_t tile = 16,
                                        bool requireGroupSize = false);

// The kernel mmul_blocked_dynamic (matmul_blocked_dynamic.cl): the tile is the work-group's size,
// chosen at run time, and the host passes the two tiles' local memory as a cl::Local argument.
hoc::matmul::MatmulResult matmulBlockedDynamic(const cl::Device& device, const std::vector<float>& a,
                                               const std::vector<float>& b, hoc::matmul::Dims d, std::size_t tile = 16);

// The kernel mmul_image (matmul_image.cl): A and B are 2D images. Throws hoc::Failure when the device
// has no image support or A or B is larger than its largest 2D image.
hoc::matmul::MatmulResult matmulImage(const cl::Device& device, const std::vector<float>& a,
                                      const std::vector<float>& b, hoc::matmul::Dims d);

// Appendix E of the slides measured: the kernel mmul_tile_order (matmul_tile_order.cl, given), a blocked
// kernel like mmul_blocked whose work-items load the tiles along rows (coalesced) or, with
// loadsDownColumns (-DLOADS_DOWN_COLUMNS), down columns: the same result, another memory access pattern.
hoc::matmul::MatmulResult matmulTileOrder(const cl::Device& device, const std::vector<float>& a,
                                          const std::vector<float>& b, hoc::matmul::Dims d, std::size_t tile,
                                          bool loadsDownColumns);

// This exercise's kernels as rows of the performance table (hoc/matmul/performance_table.hpp), with their
// global-memory traffic as the kernels are written: a tile x tile work-group loads one tile of A and
// one of B per step along K, so each element of A is read by ceil(N / tile) work-groups.
inline std::vector<hoc::matmul::Variant> blockedVariants(std::size_t tile)
{
    using hoc::matmul::Dims;
    const std::string t = std::to_string(tile);
    const auto tiled = [tile](Dims d) { return hoc::matmul::bytesTiled(d, tile, tile); };
    return {
        {"blocked", "Block oriented approach using local, tile " + t,
         [tile](auto& device, auto& a, auto& b, Dims d) { return matmulBlocked(device, a, b, d, tile); }, tiled, 0,
         119304.6},
        {"blocked_reqd", "Blocked, reqd_work_group_size(" + t + ", " + t + ", 1)",
         [tile](auto& device, auto& a, auto& b, Dims d) { return matmulBlocked(device, a, b, d, tile, true); }, tiled},
        {"blocked_dynamic", "Blocked, tile " + t + " chosen at run time, cl::Local",
         [tile](auto& device, auto& a, auto& b, Dims d) { return matmulBlockedDynamic(device, a, b, d, tile); }, tiled},
        {"image", "C(i,j) per work-item, A and B as images", matmulImage, hoc::matmul::bytesElement},
    };
}
