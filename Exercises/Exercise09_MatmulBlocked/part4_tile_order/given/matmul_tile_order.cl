// Exercise 9, Appendix E of the slides measured: the blocked kernel with its tile loads in two orders.
// Both compute the same C, with the same tiles, the same barriers and the same sums; they differ only
// in which work-item of a TILE x TILE work-group loads which element of a tile. Given, not a TODO.
// Dimension 0 runs along a row of C (column j), as in the course's other matmul kernels.
#ifndef TILE
#define TILE 16
#endif

__kernel void mmul_tile_order(const int M, const int N, const int K,
                              __global const float* A,
                              __global const float* B,
                              __global float* C)
{
    __local float Atile[TILE][TILE];
    __local float Btile[TILE][TILE];
    const int jloc = get_local_id(0), iloc = get_local_id(1);
    const int j = get_global_id(0), i = get_global_id(1);
    const int i0 = get_group_id(1) * TILE, j0 = get_group_id(0) * TILE;  // the block of C
#ifdef LOADS_DOWN_COLUMNS
    const int r = jloc, c = iloc;  // the mistake: neighbours in dimension 0 load down a column, a row apart
#else
    const int r = iloc, c = jloc;  // neighbours in dimension 0 load along a row: next-door addresses
#endif

    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        // Element (r, c) of the tile of A at (i0, k0) and of the tile of B at (k0, j0); 0 past the edges.
        Atile[r][c] = (i0 + r < M && k0 + c < K) ? A[(i0 + r) * K + k0 + c] : 0.0f;
        Btile[r][c] = (k0 + r < K && j0 + c < N) ? B[(k0 + r) * N + j0 + c] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);  // both tiles are complete

        for (int k = 0; k < TILE; k++)
            sum += Atile[iloc][k] * Btile[k][jloc];
        barrier(CLK_LOCAL_MEM_FENCE);  // everyone is done with the tiles before they are overwritten
    }
    if (i < M && j < N)
        C[i * N + j] = sum;
}
