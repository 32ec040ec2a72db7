// Matrix multiplication shared by the matmul exercises (04-09), the competition and the profiling
// exercises: C (M x N) = A (M x K) * B (K x N), all row-major.
#pragma once

#include <cstddef>
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

// Per-element error bound for a float result computed in ANY summation order (sequential, blocked,
// tree, with or without FMA): |fl(c_ij) - c_ij| <= gamma_K * sum_k |a_ik| |b_kj|, with
// gamma_K = K u / (1 - K u) and u = 2^-24 (Higham, Accuracy and Stability of Numerical Algorithms,
// section 3.1). Add u |c_ij| for rounding the exact value to float and the double reference's own
// error (gamma_K in double, negligible).
std::vector<double> errorBounds(const std::vector<float>& a, const std::vector<float>& b, Dims d);

// The device result against the double reference, within the bounds above.
CheckResult check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, Dims d);

}  // namespace hoc::matmul
