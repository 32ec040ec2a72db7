// Exercise 14: one work-item computes one ROW of C = A * B (M x N = M x K times K x N, row-major).
// For each column j of C, the work-group copies column j of B into local memory with an
// asynchronous copy, waits for it with wait_group_events, and every work-item uses it for its row.
// Column j of B is strided (one element per row of B), hence the strided copy. Every work-item takes
// part in the copy and the barrier, also those past the last row (the global size is rounded up).
__kernel void mmul_row_async(const int M, const int N, const int K,
                             __global const float* A,
                             __global const float* B,
                             __global float* C,
                             __local float* Bcol)
{
    const int i = get_global_id(0);
    for (int j = 0; j < N; j++) {
        event_t copied = async_work_group_strided_copy(Bcol, B + j, (size_t)K, (size_t)N, 0);
        wait_group_events(1, &copied);
        if (i < M) {
            float sum = 0.0f;
            for (int k = 0; k < K; k++)
                sum += A[i * K + k] * Bcol[k];
            C[i * N + j] = sum;
        }
        barrier(CLK_LOCAL_MEM_FENCE);  // all done with this column before the next copy overwrites it
    }
}
