// Exercise 20: count, for one work-item of each kernel, its flops and its global-memory bytes.
// Read the kernel (Kernels/matmul_*.cl, or your own from Exercises 04-09) and count every access
// to A, B and C that goes to global memory, 4 bytes each. The dot product of length K is K
// multiplies and K adds.
#include "traffic.hpp"

Counts perWorkItem(LadderKernel kernel, hoc::matmul::Dims d, double tile)
{
    const double M = static_cast<double>(d.m), N = static_cast<double>(d.n), K = static_cast<double>(d.k);
    (void)M, (void)N, (void)K, (void)tile;
    switch (kernel) {
    case LadderKernel::Element:
        // TODO: one element of C: a row of A and a column of B read, one float of C written.
        return {0, 0};
    case LadderKernel::Row:
        // TODO: a whole row of C (N elements), each as in the element kernel.
        return {0, 0};
    case LadderKernel::PrivateRow:
        // TODO: as Row, but the row of A is read from global memory once.
        return {0, 0};
    case LadderKernel::LocalColumn:
        // TODO: as PrivateRow, but each column of B is copied once per work-group of kGroup (your share:
        // 1 / kGroup of it), and C(i,j) is read and written once per chunk of kChunk floats of K
        // (written in every chunk, read back in every chunk but the first).
        return {0, 0};
    case LadderKernel::Blocked:
        // TODO: one element of C; for each of the ceil(K / tile) tiles along K the work-item loads ONE
        // element of A and ONE of B into local memory; C written once.
        return {0, 0};
    }
    return {0, 0};
}

Uses usesOfEachElement(hoc::matmul::Dims d)
{
    (void)d;
    // TODO: 004 §4.8's quiz for rectangular matrices: in how many of C's dot products does A(i,k) take
    // part, and B(k,j)? (README, step 1.)
    return {0, 0};
}
