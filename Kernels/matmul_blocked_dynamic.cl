// Exercise 9, dynamic local memory: the blocked kernel without a compile-time tile size. The tile side
// is the work-group's side, read with get_local_size(0) (the host launches square work-groups), and the
// host passes the local memory for both tiles as one __local argument, cl::Local(2 * T * T * sizeof(float)).
__kernel void mmul_blocked_dynamic(const int M, const int N, const int K,
                                   __global const float* A,
                                   __global const float* B,
                                   __global float* C,
                                   __local float* tiles)
{
    const int T = get_local_size(0);
    __local float* Atile = tiles;          // T x T, row-major
    __local float* Btile = tiles + T * T;  // T x T, row-major
    const int jloc = get_local_id(0), iloc = get_local_id(1);
    const int j = get_global_id(0), i = get_global_id(1);

    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T) {
        const int ka = k0 + jloc, kb = k0 + iloc;
        Atile[iloc * T + jloc] = (i < M && ka < K) ? A[i * K + ka] : 0.0f;
        Btile[iloc * T + jloc] = (kb < K && j < N) ? B[kb * N + j] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int k = 0; k < T; k++)
            sum += Atile[iloc * T + k] * Btile[k * T + jloc];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < M && j < N)
        C[i * N + j] = sum;
}
