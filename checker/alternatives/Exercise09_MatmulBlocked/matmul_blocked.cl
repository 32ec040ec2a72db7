// A correct blocked kernel written differently from the course's (checker: it must PASS
// Exercise 09's tests of mmul_blocked): the tiles are one-dimensional arrays indexed row * TILE +
// column, B's tile is stored transposed (so the inner loop reads both tiles along a row), the number
// of tiles along K is counted first, and the edges are zeroed by a separate if/else.
#ifndef TILE
#define TILE 16
#endif
#ifdef REQUIRE_GROUP_SIZE
#define GROUP_SIZE __attribute__((reqd_work_group_size(TILE, TILE, 1)))
#else
#define GROUP_SIZE
#endif

__kernel GROUP_SIZE void mmul_blocked(const int M, const int N, const int K, __global const float* A,
                                      __global const float* B, __global float* C)
{
    __local float tileA[TILE * TILE];
    __local float tileBt[TILE * TILE];  // tileBt[c * TILE + r] holds B(t0 + r, col of c)
    const int lc = get_local_id(0), lr = get_local_id(1);
    const int col = get_group_id(0) * TILE + lc, row = get_group_id(1) * TILE + lr;
    const int tiles = (K + TILE - 1) / TILE;
    float acc = 0.0f;
    for (int t = 0; t < tiles; ++t) {
        const int acol = t * TILE + lc, brow = t * TILE + lr;
        if (row < M && acol < K)
            tileA[lr * TILE + lc] = A[(size_t)row * K + acol];
        else
            tileA[lr * TILE + lc] = 0.0f;
        if (brow < K && col < N)
            tileBt[lc * TILE + lr] = B[(size_t)brow * N + col];
        else
            tileBt[lc * TILE + lr] = 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int s = 0; s < TILE; ++s)
            acc += tileA[lr * TILE + s] * tileBt[lc * TILE + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}
