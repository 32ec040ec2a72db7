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
// must declare the work-group size it needs: __attribute__((reqd_work_group_size(TILE, TILE, 1))).
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
    // TODO: __local float Atile[TILE][TILE], Btile[TILE][TILE];
    //       For each tile along K (k0 = 0, TILE, 2 TILE, ... below K):
    //         each work-item loads one element of each tile, with jloc = get_local_id(0) and
    //         iloc = get_local_id(1): Atile[iloc][jloc] = A(i, k0 + jloc), Btile[iloc][jloc] = B(k0 + iloc, j),
    //         or 0 where that is outside A or B (sizes need not be multiples of TILE);
    //         barrier; add Atile[iloc][k] * Btile[k][jloc] for k < TILE to the sum; barrier.
    //       Finally, if (i, j) is inside C, store the sum. Every work-item must reach every barrier.
}
