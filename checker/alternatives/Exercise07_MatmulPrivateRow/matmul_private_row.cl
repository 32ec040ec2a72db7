// Correct private-row kernels written differently from the course's (checker: they must PASS
// Exercise 07's tests). Step 1 copies the row with the index counting down and keeps C's row pointer;
// step 2 keeps the running sums in C itself: the first chunk writes C, each later chunk adds to it
// (C[...] += ...), with the chunk's length worked out before the loop instead of with min().
#ifndef ROW_LENGTH
#error "compile with -DROW_LENGTH=K"
#endif
#ifndef CHUNK
#define CHUNK 1024
#endif

__kernel void mmul_private_row(const int M, const int N, const int K, __global const float* A,
                               __global const float* B, __global float* C)
{
    const int row = get_global_id(0);
    if (row < M) {
        float mine[ROW_LENGTH];
        for (int t = K - 1; t >= 0; --t)
            mine[t] = A[(size_t)row * K + t];
        __global float* out = C + (size_t)row * N;
        for (int col = 0; col < N; ++col) {
            float acc = 0.0f;
            for (int t = 0; t < K; ++t)
                acc += mine[t] * B[(size_t)t * N + col];
            out[col] = acc;
        }
    }
}

__kernel void mmul_private_row_chunks(const int M, const int N, const int K, __global const float* A,
                                      __global const float* B, __global float* C)
{
    const int row = get_global_id(0);
    if (row >= M)
        return;
    float part[CHUNK];
    for (int start = 0; start < K; start += CHUNK) {
        int count = K - start;
        if (count > CHUNK)
            count = CHUNK;
        for (int t = 0; t < count; ++t)
            part[t] = A[(size_t)row * K + start + t];
        for (int col = 0; col < N; ++col) {
            float acc = 0.0f;
            for (int t = 0; t < count; ++t)
                acc += part[t] * B[(size_t)(start + t) * N + col];
            if (start == 0)
                C[(size_t)row * N + col] = acc;
            else
                C[(size_t)row * N + col] += acc;
        }
    }
}
