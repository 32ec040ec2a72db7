// Exercise 8: the work-group copies column j of B into local memory once and all its work-items share
// it; each work-item still keeps its row of A in private memory (Exercise 7's step 2, chunks of CHUNK floats).
// Bcol holds CHUNK floats: the host passes cl::Local(CHUNK * sizeof(float)).
#ifndef CHUNK
#define CHUNK 1024
#endif

__kernel void mmul_local_column(const int M, const int N, const int K,
                                __global const float* A,
                                __global const float* B,
                                __global float* C,
                                __local float* Bcol)
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
