// Technique present (checker/technique): a blocked kernel in another shape than the solution's,
// written from the starter: A's tile stored transposed, B's padded, fma, a loop over k0 in steps of TILE.
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
#define GROUP_SIZE __attribute__((reqd_work_group_size(TILE, TILE, 1)))
#else
#define GROUP_SIZE
#endif

__kernel GROUP_SIZE void mmul_blocked(const int M, const int N, const int K,
                                      __global const float* A,
                                      __global const float* B,
                                      __global float* C)
{
    // A's tile is stored transposed (As[k][row]), B's with one float of padding; each work-item
    // accumulates with fma, and the loads are guarded, zero outside A and B.
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE + 1];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int col = get_group_id(0) * TILE + tx, row = get_group_id(1) * TILE + ty;
    float acc = 0.0f;
    for (int base = 0; base < K; base += TILE) {
        const int ka = base + tx, kb = base + ty;
        As[tx][ty] = (row < M && ka < K) ? A[(size_t)row * K + ka] : 0.0f;
        Bs[ty][tx] = (kb < K && col < N) ? B[(size_t)kb * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int q = 0; q < TILE; ++q)
            acc = fma(As[q][ty], Bs[q][tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}
