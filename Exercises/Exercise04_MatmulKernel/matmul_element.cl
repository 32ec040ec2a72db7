// Exercise 4: write the kernel. One work-item computes one element C(i,j) of C = A * B, where
// C is M x N, A is M x K and B is K x N, all row-major: A(i,k) is A[i * K + k].
__kernel void mmul_element(const int M, const int N, const int K,
                           __global const float* A,
                           __global const float* B,
                           __global float* C)
{
    const int col = get_global_id(0);
    const int row = get_global_id(1);
    if (row >= M || col >= N)
        return;
    __global const float* a = A + row * K;
    __global const float* b = B + col;
    float acc = 0.0f;
    for (int p = K; p > 0; --p) {
        acc += *a * *b;
        ++a;
        b += N;
    }
    C[row * N + col] = acc;
}
