// Exercise 8: the work-group copies column j of B into local memory once and all its work-items share
// it; each work-item still keeps its row of A in private memory (Exercise 7's step 2, chunks of CHUNK floats).
// Bcol holds CHUNK floats (the host passes cl::Local(CHUNK * sizeof(float))).
// Work-items past the last row have no row of C, but they still help to copy and they must reach
// every barrier: a barrier has to be reached by all work-items of the group or by none.
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
    const int iloc = get_local_id(0);
    const int nloc = get_local_size(0);
    const bool hasRow = i < M;
    float Arow[CHUNK];
    for (int k0 = 0; k0 < K; k0 += CHUNK) {
        const int len = min(CHUNK, K - k0);
        if (hasRow)
            for (int k = 0; k < len; k++)
                Arow[k] = A[i * K + k0 + k];
        for (int j = 0; j < N; j++) {
            // Cyclic copy: work-item iloc copies elements iloc, iloc + nloc, iloc + 2 nloc, ...
            for (int k = iloc; k < len; k += nloc)
                Bcol[k] = B[(k0 + k) * N + j];
            // (planted bug: the barrier after the copy into Bcol is missing)
            if (hasRow) {
                float sum = (k0 == 0) ? 0.0f : C[i * N + j];
                for (int k = 0; k < len; k++)
                    sum += Arow[k] * Bcol[k];
                C[i * N + j] = sum;
            }
            barrier(CLK_LOCAL_MEM_FENCE);  // everyone is done with Bcol before the next copy overwrites it
        }
    }
}
