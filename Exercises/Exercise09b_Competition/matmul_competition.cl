// Exercise 9b, the starting line: Exercise 9's blocked kernel. One work-item computes one element
// of C = A * B (M x N = M x K times K x N, row-major); the work-group copies TS x TS tiles of A and B
// into local memory and every work-item reads them TS times. The host pads the matrices with zeros
// to whole tiles, so M, N and K are multiples of TS here and no bounds checks are needed; lda, ldb
// and ldc are the row pitches of A, B and C in floats (at least K, N and N).
// Make it faster - and keep it correct.
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void sgemm_local(const int M, const int N, const int K,
                 __global const float* A, const int lda,
                 __global const float* B, const int ldb,
                 __global float* C, const int ldc)
{
    __local float Asub[TS][TS];
    __local float Bsub[TS][TS];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int j = get_global_id(0), i = get_global_id(1);

    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        Asub[ty][tx] = A[i * lda + k0 + tx];
        Bsub[ty][tx] = B[(k0 + ty) * ldb + j];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++)
            sum += Asub[ty][k] * Bsub[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[i * ldc + j] = sum;
}
