// A correct Exercise 20 written differently from the course's (checker: it must PASS Exercise
// 20's tests): the reads and the writes of one work-item are counted separately, in floats, per
// kernel, and turned into bytes at the end; the flops are the elements of C the work-item computes
// times 2K.
#include "traffic.hpp"

#include <cmath>

Counts perWorkItem(LadderKernel kernel, hoc::matmul::Dims d, double tile)
{
    const double N = static_cast<double>(d.n), K = static_cast<double>(d.k);
    double elements = 1, readFloats = 0, writeFloats = 0;
    if (kernel == LadderKernel::Element) {
        readFloats = K + K;  // a row of A, a column of B
        writeFloats = 1;
    } else if (kernel == LadderKernel::Row) {
        elements = N;
        readFloats = N * (K + K);  // for every element its row of A and column of B again
        writeFloats = N;
    } else if (kernel == LadderKernel::PrivateRow) {
        elements = N;
        readFloats = K + N * K;  // the row of A once, then every column of B
        writeFloats = N;
    } else if (kernel == LadderKernel::LocalColumn) {
        elements = N;
        const double chunks = std::ceil(K / kChunk);
        // The row of A once, a 1/kGroup share of every column of B, C read back in every chunk but
        // the first and written in every chunk.
        readFloats = K + N * K / kGroup + N * (chunks - 1);
        writeFloats = N * chunks;
    } else if (kernel == LadderKernel::Blocked) {
        const double tiles = std::ceil(K / tile);
        readFloats = tiles + tiles;  // one float of A's tile and one of B's per tile along K
        writeFloats = 1;
    }
    return {elements * 2 * K, 4 * (readFloats + writeFloats)};
}

// The quiz answered by counting: every multiply-add of C(i,j) = sum over k of A(i,k) B(k,j) uses one
// element of A and one of B, M N K of them in all, spread evenly over A's M K elements and B's K N.
Uses usesOfEachElement(hoc::matmul::Dims d)
{
    const double multiplyAdds = double(d.m) * double(d.n) * double(d.k);
    return {multiplyAdds / (double(d.m) * double(d.k)), multiplyAdds / (double(d.k) * double(d.n))};
}
