// A correct mmul_row_async written differently from the course's (checker: it must PASS
// Exercise 14's async-copy tests): the copy of column c of B is started through a pointer to that
// column, the row of C is reached by a pointer, the dot product runs with k counting down into fused
// multiply-adds, and the barrier that protects the column comes before each copy but the first.
__kernel void mmul_row_async(const int M, const int N, const int K, __global const float* A,
                             __global const float* B, __global float* C, __local float* column)
{
    const int r = get_global_id(0);
    const bool mine = r < M;
    for (int c = 0; c < N; ++c) {
        if (c > 0)
            barrier(CLK_LOCAL_MEM_FENCE);  // every work-item is done with the column before it is replaced
        __global const float* src = B + c;
        event_t done = async_work_group_strided_copy(column, src, (size_t)K, (size_t)N, 0);
        wait_group_events(1, &done);
        if (mine) {
            float acc = 0.0f;
            for (int k = K - 1; k >= 0; --k)
                acc = fma(A[(size_t)r * K + k], column[k], acc);
            C[(size_t)r * N + c] = acc;
        }
    }
}
