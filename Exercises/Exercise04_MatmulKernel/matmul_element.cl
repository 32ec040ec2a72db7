// Exercise 4: write the kernel. One work-item computes one element C(i,j) of C = A * B, where
// C is M x N, A is M x K and B is K x N, all row-major: A(i,k) is A[i * K + k].
//
// The ready-made host program (matmul_kernel.cpp) runs a 2D range: dimension 0 over the columns j
// of C, dimension 1 over its rows i, each rounded up to whole work-groups, so some work-items fall
// outside C and must do nothing.
//
// The sequential code to turn into a kernel is hoc::matmul::serial in Matmul/src/matmul.cpp (there A
// is `a` and K is `d.k`): three loops, over the rows i of C, its columns j, and k along the sum.
__kernel void mmul_element(const int M, const int N, const int K,
                           __global const float* A,
                           __global const float* B,
                           __global float* C)
{
    // TODO: this work-item's column j is get_global_id(0) and its row i is get_global_id(1).
    //       If (i, j) is inside C, sum row i of A times column j of B into C[i * N + j].
}
