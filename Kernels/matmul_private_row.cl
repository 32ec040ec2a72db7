// Exercise 7: the work-item's row of A is copied into private memory once, then reused for every j.
// Any K: the row goes through a private array of CHUNK floats (a build option, -DCHUNK=1024), one
// chunk at a time. The sum for C(i,j) carries over from chunk to chunk in C itself, which no other
// work-item touches, so each element is still summed over k in order, as the sequential code does.
#ifndef CHUNK
#define CHUNK 1024
#endif

__kernel void mmul_private_row(const int M, const int N, const int K,
                               __global const float* A,
                               __global const float* B,
                               __global float* C)
{
    const int i = get_global_id(0);
    if (i >= M)
        return;
    float Arow[CHUNK];
    for (int k0 = 0; k0 < K; k0 += CHUNK) {
        const int len = min(CHUNK, K - k0);
        for (int k = 0; k < len; k++)
            Arow[k] = A[i * K + k0 + k];
        for (int j = 0; j < N; j++) {
            float sum = (k0 == 0) ? 0.0f : C[i * N + j];
            for (int k = 0; k < len; k++)
                sum += Arow[k] * B[(k0 + k) * N + j];
            C[i * N + j] = sum;
        }
    }
}
