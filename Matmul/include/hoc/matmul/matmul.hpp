// Matrix multiplication shared by the matmul exercises (04-09), the competition and the profiling
// exercises: C (M x N) = A (M x K) * B (K x N), all row-major.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/check.hpp"

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

// The normwise bound: the elementwise bound above grows like K u and is useless once K u nears 1
// (at K = 2^24 it allows about 1.7 sum_k |a_ik| |b_kj|, some 1000 times a typical |c_ij|, so a C of
// zeros passes). The error of C as a whole, ||C^ - C||_F, has a bound that grows like sqrt(K) u
// for the programs' random inputs (randomInputs: A and B independent, uniform in [-1, 1)):
//
//   ||C^ - C||_F <= lambda u sqrt(2K) rho + u ||C||_F + ((1 + 2^-53)^K - 1) sqrt(K) rho,
//   rho^2 = sum_ij sum_k a_ik^2 b_kj^2 = sum_k ||A(:,k)||^2 ||B(k,:)||^2,   lambda = 10.
//
// Why it holds: c_ij = sum_k t_k with t_k = a_ik b_kj. A float kernel, in any order, rounds at most
// 2K values on the way (K products, none with FMA, and at most K - 1 partial sums); to first order
// its error is e_ij = sum_r delta_r s_r, |delta_r| <= u, where s_r is the product or partial sum
// rounded at step r, each a sum of t_k over a set the kernel's order fixes. In the probabilistic
// model of Higham and Mary (A new approach to probabilistic rounding error analysis, SIAM J. Sci.
// Comput. 41(5), 2019: the delta_r mean-independent with mean zero), Azuma-Hoeffding's inequality
// gives |e_ij| <= lambda u (sum_r s_r^2)^(1/2) with probability at least 1 - 2 exp(-lambda^2 / 2).
// The inputs have random signs independent of that order, so a partial sum over any set S has
// E[s^2] = sum_{k in S} t_k^2 <= rho_ij^2 = sum_k t_k^2, and sum_r s_r^2 <= 2K rho_ij^2: each
// |e_ij| <= lambda u sqrt(2K) rho_ij, and over all elements the first term. With lambda = 10 an
// element exceeds it with probability below 4e-22, one of the 2^31 elements the kernels can index
// with less than 1e-12. The second term is rounding the exact value to float, the third the double
// reference's own worst case (sum_k |t_k| <= sqrt(K) rho_ij).
// What it refuses: for these inputs ||C||_F is about rho (E[c_ij^2] = rho_ij^2), and the bound is
// rho (14.2 u sqrt(K) + u + ...): 0.0035 rho at K = 2^24 and 0.05 rho at K = 2^31 - 1, the most K
// the kernels index. A C of zeros (error ||C||_F), and any C off by more than a few percent of its
// norm, is refused at every K.
// Its premise is checked on the reference: random signs make ||C||_F about rho; products that
// share a sign make it about sqrt(K) rho, their partial sums grow like K and a float sum of them
// stalls. There (||C||_F > 4 rho: a test's all-positive inputs, say) this returns infinity and
// only the elementwise bound applies. `value` is reference(a, b, d).
double normBound(const std::vector<float>& a, const std::vector<float>& b, Dims d, const std::vector<double>& value);

// The reference, its elementwise bounds and its normwise bound, computed once for many checks.
struct ExpectedC {
    std::vector<double> value, bound;
    double norm = INFINITY;
};
ExpectedC expectedC(const std::vector<float>& a, const std::vector<float>& b, Dims d);

// The device result against the double reference: every element within its bound (errorBounds)
// and the whole within the normwise bound (normBound).
CheckResult check(const ExpectedC& expected, const std::vector<float>& c);
CheckResult check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, Dims d);

}  // namespace hoc::matmul
