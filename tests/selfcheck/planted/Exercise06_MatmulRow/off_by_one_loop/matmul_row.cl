// Exercise 6: one work-item computes a whole row of C (fewer work-items, each doing more work).
// A 1D range over the rows i of C, rounded up to whole work-groups: work-items past the last row do
// nothing. C (M x N) = A (M x K) * B (K x N), all row-major.
__kernel void mmul_row(const int M, const int N, const int K,
                       __global const float* A,
                       __global const float* B,
                       __global float* C)
{
    const int i = get_global_id(0);
    if (i >= M)
        return;
    for (int j = 0; j < N; j++) {
        float sum = 0.0f;
        for (int k = 0; k <= K; k++)  // planted bug: <= for <
            sum += A[i * K + k] * B[k * N + j];
        C[i * N + j] = sum;
    }
}
