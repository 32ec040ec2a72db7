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
