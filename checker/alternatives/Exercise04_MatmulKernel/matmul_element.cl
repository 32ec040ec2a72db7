// A correct element kernel written differently from the course's (checker: it must PASS
// Exercise 04's tests): i is the column of C and j the row (the course's are the other way round),
// an early return instead of an if around the work, the dot product by pointers with k counting
// down, and fused multiply-adds.
__kernel void mmul_element(const int M, const int N, const int K, __global const float* A,
                           __global const float* B, __global float* C)
{
    const int i = get_global_id(0);  // the host's dimension 0 runs along a row of C: i is the column
    const int j = get_global_id(1);  // and j the row
    if (j >= M || i >= N)
        return;
    __global const float* a_row = A + (size_t)j * K;
    __global const float* b_col = B + i;
    float acc = 0.0f;
    for (int k = K - 1; k >= 0; --k)
        acc = fma(a_row[k], b_col[(size_t)k * N], acc);
    C[(size_t)j * N + i] = acc;
}
