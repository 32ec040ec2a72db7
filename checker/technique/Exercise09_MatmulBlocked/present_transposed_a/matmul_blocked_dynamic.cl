// Technique present (checker/technique): the dynamic blocked kernel in another shape than the
// solution's, written from the starter: A's tile stored transposed in the argument's memory, fma.
// Exercise 9, optional task (dynamic local memory): the blocked kernel without a compile-time tile size.
// The tile side T is the work-group's side, get_local_size(0) (the host launches square work-groups),
// and the host passes the local memory for both tiles as one argument, cl::Local(2 * T * T * sizeof(float)).
__kernel void mmul_blocked_dynamic(const int M, const int N, const int K,
                                   __global const float* A,
                                   __global const float* B,
                                   __global float* C,
                                   __local float* tiles)
{
    const int T = get_local_size(0);
    __local float* As = tiles;          // As[k * T + row]: A's tile stored transposed
    __local float* Bs = tiles + T * T;  // Bs[k * T + col]
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int col = get_group_id(0) * T + tx, row = get_group_id(1) * T + ty;
    float acc = 0.0f;
    for (int base = 0; base < K; base += T) {
        const int ka = base + tx, kb = base + ty;
        As[tx * T + ty] = (row < M && ka < K) ? A[(size_t)row * K + ka] : 0.0f;
        Bs[ty * T + tx] = (kb < K && col < N) ? B[(size_t)kb * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int q = 0; q < T; ++q)
            acc = fma(As[q * T + ty], Bs[q * T + tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}
