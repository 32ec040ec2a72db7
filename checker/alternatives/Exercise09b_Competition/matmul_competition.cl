// Exercise 9b in another shape: each work-item computes WPT elements of one column of its work-group's
// TS x TS tile of C (rows TS / WPT apart), so each value of B read from local memory feeds WPT
// multiply-adds held in registers. A's tile is stored transposed (one float of padding per row keeps
// the transposing stores off a single bank). The host pads M, N and K to multiples of TS with zeros.
__kernel __attribute__((reqd_work_group_size(TS, TS / WPT, 1)))
void sgemm_strip(const int M, const int N, const int K,
                 __global const float* A, const int lda,
                 __global const float* B, const int ldb,
                 __global float* C, const int ldc)
{
    __local float At[TS][TS + 1];  // At[k][r] = A[row r of the tile][k]
    __local float Bs[TS][TS];
    const int col = get_local_id(0), first = get_local_id(1);
    const int step = TS / WPT;
    const int c = get_group_id(0) * TS + col;
    const int top = get_group_id(1) * TS;

    float acc[WPT];
    for (int w = 0; w < WPT; ++w)
        acc[w] = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        for (int w = 0; w < WPT; ++w) {
            const int r = first + w * step;
            At[col][r] = A[(top + r) * lda + k0 + col];
            Bs[r][col] = B[(k0 + r) * ldb + c];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k) {
            const float b = Bs[k][col];
            for (int w = 0; w < WPT; ++w)
                acc[w] = fma(At[k][first + w * step], b, acc[w]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < WPT; ++w)
        C[(top + first + w * step) * ldc + c] = acc[w];
}
