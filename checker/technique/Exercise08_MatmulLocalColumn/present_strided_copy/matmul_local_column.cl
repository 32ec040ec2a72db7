// Technique present (checker/technique): a local-column kernel in another shape than the
// solution's and the alternative's, written from the starter: the copy walks the chunk from its end.
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
    // The copy walks the chunk from its end, a group's width apart; the row's chunk is kept in private
    // memory; C(i,j) is summed across chunks in a private variable and stored once per chunk.
    const int row = get_global_id(0);
    const int me = get_local_id(0), width = get_local_size(0);
    float mine[CHUNK];
    for (int start = 0; start < K; start += CHUNK) {
        const int count = K - start < CHUNK ? K - start : CHUNK;
        for (int t = 0; t < count && row < M; ++t)
            mine[t] = A[(size_t)row * K + start + t];
        for (int j = 0; j < N; ++j) {
            for (int t = count - 1 - me; t >= 0; t -= width)
                Bcol[t] = B[(size_t)(start + t) * N + j];
            barrier(CLK_LOCAL_MEM_FENCE);
            float part = 0.0f;
            for (int t = 0; t < count && row < M; ++t)
                part = fma(mine[t], Bcol[t], part);
            if (row < M)
                C[(size_t)row * N + j] = start == 0 ? part : C[(size_t)row * N + j] + part;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
}
