// Exercise 9: blocked. Each work-group computes a TILE x TILE block of C, one element per work-item,
// walking along K one tile of A and one tile of B at a time, both held in local memory, so that every
// number read from global memory is used TILE times.
//
// TILE is a build option (-DTILE=16); the host launches TILE x TILE work-groups, dimension 0 over the
// columns j of C, dimension 1 over its rows i, rounded up to whole tiles.
#ifndef TILE
#define TILE 16
#endif

// Optional task (reqd_work_group_size): when the host compiles with -DREQUIRE_GROUP_SIZE, the kernel
// must declare the work-group size it needs (TILE x TILE x 1) with the attribute reqd_work_group_size.
#ifdef REQUIRE_GROUP_SIZE
#define GROUP_SIZE /* TODO: the attribute */
#else
#define GROUP_SIZE
#endif

__kernel GROUP_SIZE void mmul_blocked(const int M, const int N, const int K,
                                      __global const float* A,
                                      __global const float* B,
                                      __global float* C)
{
    // TODO: two TILE x TILE tiles in local memory, one of A and one of B. The work-group walks along K
    //       a tile at a time: its work-items load the current tile of A (its rows are the block's rows
    //       of C) and of B (its columns are the block's columns), one element each, 0 where the tile
    //       reaches past A or B (sizes need not be multiples of TILE); then each adds its part of the
    //       dot product from the two tiles. Nobody reads a tile before it is complete, and nobody
    //       overwrites it while others still read it. Finally, if (i, j) is inside C, store the sum.
    //       Every work-item must reach every barrier.
}
