// Technique present (checker/technique): mmul_row in another shape than the solution's, written
// from the starter (matmul_row.cpp launches work-groups of 32).
// Exercise 6: one work-item computes a whole row of C (fewer work-items, each doing more work).
// The host runs a 1D range over the rows i of C, rounded up to whole work-groups: work-items past
// the last row must do nothing. C (M x N) = A (M x K) * B (K x N), all row-major.
__kernel void mmul_row(const int M, const int N, const int K,
                       __global const float* A,
                       __global const float* B,
                       __global float* C)
{
    // The row's elements from the last column to the first, each sum with fma.
    const int row = get_global_id(0);
    if (row < M)
        for (int col = N - 1; col >= 0; --col) {
            float acc = 0.0f;
            for (int k = 0; k < K; ++k)
                acc = fma(A[row * K + k], B[k * N + col], acc);
            C[row * N + col] = acc;
        }
}
