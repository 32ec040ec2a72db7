// Exercise 9: blocked. Each work-group computes a TILE x TILE block of C, one element per work-item,
// walking along K one tile of A and one tile of B at a time, both held in local memory, so that every
// number read from global memory is used TILE times.
// TILE is a build option (-DTILE=16); the host launches TILE x TILE work-groups. With
// -DREQUIRE_GROUP_SIZE the kernel also declares that size (reqd_work_group_size): the compiler may
// rely on it, and the runtime refuses any other.
// Dimension 0 runs along a row of C (column j) as in Exercise 4, so neighbouring work-items read
// neighbouring elements of A and B (coalesced). Sizes need not be multiples of TILE: tile elements
// outside A or B are filled with zeros, which add nothing to the sums.
#ifndef TILE
#define TILE 16
#endif
#ifdef REQUIRE_GROUP_SIZE
#define GROUP_SIZE __attribute__((reqd_work_group_size(TILE, TILE, 1)))
#else
#define GROUP_SIZE
#endif

__kernel GROUP_SIZE void mmul_blocked(const int M, const int N, const int K,
                                      __global const float* A,
                                      __global const float* B,
                                      __global float* C)
{
    __local float Atile[TILE][TILE];
    __local float Btile[TILE][TILE];
    const int jloc = get_local_id(0), iloc = get_local_id(1);
    const int j = get_global_id(0), i = get_global_id(1);

    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        // Each work-item loads one element of each tile: A(i, k0 + jloc) and B(k0 + iloc, j).
        const int ka = k0 + jloc, kb = k0 + iloc;
        Atile[iloc][jloc] = (i < M && ka < K) ? A[i * K + ka] : 0.0f;
        Btile[iloc][jloc] = (kb < K && j < N) ? B[kb * N + j] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);  // both tiles are complete

        for (int k = 0; k < TILE; k++)
            sum += Atile[iloc][k] * Btile[k][jloc];
        barrier(CLK_LOCAL_MEM_FENCE);  // everyone is done with the tiles before they are overwritten
    }
    if (i < M && j < N)
        C[i * N + j] = sum;
}
