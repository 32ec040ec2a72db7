// Technique absent (checker/technique): Exercise 04's kernel as mmul_blocked, the attribute
// filled in: no tiles, no local memory, every element of A and B read from global memory K... N times.
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
    const int j = get_global_id(0);
    const int i = get_global_id(1);
    if (i < M && j < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++)
            sum += A[i * K + k] * B[k * N + j];
        C[i * N + j] = sum;
    }
}
