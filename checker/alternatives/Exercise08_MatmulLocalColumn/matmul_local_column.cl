// A correct local-column kernel written differently from the course's (checker: it must PASS
// Exercise 08's tests): work-items past the last row are kept in (every one of them copies its share of
// the column and reaches both barriers) by a flag, the copy is split in contiguous blocks instead of
// cyclically, and the running sum of a chunk is added to C after the first chunk.
#ifndef CHUNK
#define CHUNK 1024
#endif

__kernel void mmul_local_column(const int M, const int N, const int K, __global const float* A,
                                __global const float* B, __global float* C, __local float* column)
{
    const int row = get_global_id(0);
    const int me = get_local_id(0);
    const int team = get_local_size(0);
    const int active = row < M ? 1 : 0;
    float part[CHUNK];
    for (int start = 0; start < K; start += CHUNK) {
        const int count = K - start < CHUNK ? K - start : CHUNK;
        for (int t = 0; active && t < count; ++t)
            part[t] = A[(size_t)row * K + start + t];
        const int share = (count + team - 1) / team;  // contiguous block of the column per work-item
        const int from = me * share;
        const int to = from + share < count ? from + share : count;
        for (int col = 0; col < N; ++col) {
            for (int t = from; t < to; ++t)
                column[t] = B[(size_t)(start + t) * N + col];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (active) {
                float acc = 0.0f;
                for (int t = 0; t < count; ++t)
                    acc += part[t] * column[t];
                if (start == 0)
                    C[(size_t)row * N + col] = acc;
                else
                    C[(size_t)row * N + col] += acc;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
}
