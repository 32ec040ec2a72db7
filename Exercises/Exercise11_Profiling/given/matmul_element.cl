// Exercise 4: one work-item computes one element of C = A * B (M x N = M x K times K x N, row-major).
// Dimension 0 runs along a row of C (column index j), so neighbouring work-items read neighbouring
// elements of B and write neighbouring elements of C. The global size is rounded up to whole
// work-groups; work-items outside C do nothing.
__kernel void mmul_element(const int M, const int N, const int K,
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
