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

// Per-element error bound for a float result computed in ANY summation order (sequential, blocked,
// tree, with or without FMA): |fl(c_ij) - c_ij| <= gamma_K * sum_k |a_ik| |b_kj|, with
// gamma_K = K u / (1 - K u) and u = 2^-24 (Higham, Accuracy and Stability of Numerical Algorithms,
// section 3.1). Add u |c_ij| for rounding the exact value to float and the double reference's own
// error (gamma_K in double, negligible).
std::vector<double> errorBounds(const std::vector<float>& a, const std::vector<float>& b, Dims d);

// The device result against the double reference, within the bounds above.
CheckResult check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, Dims d);

}  // namespace hoc::matmul
