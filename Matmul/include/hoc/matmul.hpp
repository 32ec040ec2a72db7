// Matrix multiplication shared by the matmul exercises (04-09), the competition and the profiling
// exercises: C (M x N) = A (M x K) * B (K x N), all row-major.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hoc/check.hpp"

namespace hoc::matmul {

struct Dims {
    std::size_t m = 0, n = 0, k = 0;
    double flops() const { return 2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k); }
    std::string text() const;  // "M = N = K = 1024" or "M = 17, N = 33, K = 65"
};

// Bytes of global memory the ladder's kernels read and write for C = A * B, counted access by
// access as each kernel is written (4 per float; caches ignored): what the results record as
// "bytes", so that the instructor's roofline places them (with 2 M N K flops). Exercise 20 has the
// student make the same counts per work-item.
//   bytesElement: each element of C reads a row of A and a column of B and is written once
//                 (Exercises 04-06 and 11, the image kernel: row per work-item changes nothing)
//   bytesPrivateRow: the row of A read once; C written once per chunk of K and read back in every
//                 chunk but the first (chunk 0: the whole row at once, Exercise 07's step 1)
//   bytesLocalColumn: as bytesPrivateRow, with each column of B read once per work-group of `group`
//   bytesTiled: tileM x tileN blocks of C per work-group; each element of A is read by ceil(N / tileN)
//                 work-groups, each element of B by ceil(M / tileM)
double bytesElement(Dims d);
double bytesPrivateRow(Dims d, std::size_t chunk);
double bytesLocalColumn(Dims d, std::size_t chunk, std::size_t group);
double bytesTiled(Dims d, std::size_t tileM, std::size_t tileN);

// The course's sequential code, in float (i, j, k loops): what speed-ups are measured against.
std::vector<float> serial(const std::vector<float>& a, const std::vector<float>& b, Dims d);

// The reference the checks use: every dot product accumulated in double.
std::vector<double> reference(const std::vector<float>& a, const std::vector<float>& b, Dims d);

// (1 + u)^n - 1: the largest relative error of a product of n factors (1 + delta), |delta| <= u, which
// is what n roundings do to one term on its way into a sum (Higham, Accuracy and Stability of
// Numerical Algorithms, lemma 3.1). For n u < 1 it is below gamma_n = n u / (1 - n u), Higham's
// usual bound; unlike gamma_n it holds for every n (gamma_n is infinite at n u = 1 and negative
// beyond: from K = 2^24 in float). Computed as expm1(n log1p(u)), exact to a few ulps.
double roundingFactor(std::uint64_t n, double u);

// Per-element error bound for a float result computed in ANY summation order (sequential, blocked,
// tree, with or without FMA): each product a_ik b_kj meets at most K roundings (one multiplication,
// at most K - 1 additions), so |fl(c_ij) - c_ij| <= ((1 + u)^K - 1) * sum_k |a_ik| |b_kj| with
// u = 2^-24, for every K the options allow (roundingFactor). Add u |c_ij| for rounding the exact
// value to float and the double reference's own error (the same factor with u = 2^-53, negligible).
// Past K of about 2^16 with inputs in [-1, 1] the bound is larger than a typical |c_ij| (sqrt(K) / 3),
// so a result near 0 passes: the worst case of a float sum that long allows it.
std::vector<double> errorBounds(const std::vector<float>& a, const std::vector<float>& b, Dims d);

// The device result against the double reference, within the bounds above.
CheckResult check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, Dims d);

}  // namespace hoc::matmul
