// Exercise 20: count, for one work-item of each kernel, its flops and its global-memory bytes.
// Read the kernel (Kernels/matmul_*.cl, or your own from Exercises 04-09) and count every access
// to A, B and C that goes to global memory, 4 bytes each. The dot product of length K is K
// multiplies and K adds.
#include "traffic.hpp"

#include <cmath>

Counts perWorkItem(LadderKernel kernel, hoc::matmul::Dims d, double tile)
{
    const double N = static_cast<double>(d.n), K = static_cast<double>(d.k);
    const double dot = 2 * K;  // flops of one element of C
    switch (kernel) {
    case LadderKernel::Element:
        // K floats of A, K of B, one C written.
        return {dot, 4 * (2 * K + 1)};
    case LadderKernel::Row:
        // N elements, each reading its K of A again and its K of B.
        return {N * dot, 4 * N * (2 * K + 1)};
    case LadderKernel::PrivateRow:
        // The row of A once (K floats), then K of B per element.
        return {N * dot, 4 * (K + N * K + N)};
    case LadderKernel::LocalColumn: {
        // The row of A once, a 1/64 share of copying every column of B, and C once per chunk
        // (written in each, read back in each but the first).
        const double chunks = std::ceil(K / kChunk);
        return {N * dot, 4 * (K + N * K / kGroup + N * (2 * chunks - 1))};
    }
    case LadderKernel::Blocked:
        // One float of A and one of B per tile along K, one C written.
        return {dot, 4 * (2 * std::ceil(K / tile) + 1)};
    }
    return {0, 0};
}

Uses usesOfEachElement(hoc::matmul::Dims d)
{
    // A(i,k) meets every column j of B in C(i,j): N uses; B(k,j) every row i of A: M uses.
    return {static_cast<double>(d.n), static_cast<double>(d.m)};
}
