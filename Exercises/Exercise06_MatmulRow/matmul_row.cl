// Exercise 6: one work-item computes a whole row of C (fewer work-items, each doing more work).
// The host runs a 1D range over the rows i of C, rounded up to whole work-groups: work-items past
// the last row must do nothing. C (M x N) = A (M x K) * B (K x N), all row-major.
__kernel void mmul_row(const int M, const int N, const int K,
                       __global const float* A,
                       __global const float* B,
                       __global float* C)
{
    // TODO: row i is get_global_id(0). If it is a row of C, compute all N elements of row i:
    //       for each column j, sum row i of A times column j of B, then store it in C[i * N + j].
}
