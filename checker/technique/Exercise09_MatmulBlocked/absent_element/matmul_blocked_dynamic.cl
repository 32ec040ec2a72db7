// Technique absent (checker/technique): Exercise 04's kernel as mmul_blocked_dynamic: the
// local memory argument unused, every element of A and B read from global memory.
// Exercise 9, optional task (dynamic local memory): the blocked kernel without a compile-time tile size.
// The tile side T is the work-group's side, get_local_size(0) (the host launches square work-groups),
// and the host passes the local memory for both tiles as one argument, cl::Local(2 * T * T * sizeof(float)).
__kernel void mmul_blocked_dynamic(const int M, const int N, const int K,
                                   __global const float* A,
                                   __global const float* B,
                                   __global float* C,
                                   __local float* tiles)
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
