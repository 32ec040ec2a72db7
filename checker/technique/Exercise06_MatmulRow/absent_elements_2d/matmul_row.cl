// Technique absent (checker/technique): Exercise 04's kernel as mmul_row, one work-item per
// element of C (matmul_row.cpp launches a 2D range of N x M).
// Exercise 6: one work-item computes a whole row of C (fewer work-items, each doing more work).
// The host runs a 1D range over the rows i of C, rounded up to whole work-groups: work-items past
// the last row must do nothing. C (M x N) = A (M x K) * B (K x N), all row-major.
__kernel void mmul_row(const int M, const int N, const int K,
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
