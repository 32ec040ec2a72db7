// The reference for summing floats (this exercise): the sum in double, and a worst-case bound for
// the error of a float sum computed in any order.
#pragma once

#include <cstdint>
#include <vector>

#include "hoc/check.hpp"

namespace hoc {

struct SumReference {
    double sum = 0;        // sum of x_i, in double
    double magnitude = 0;  // sum of |x_i|, in double
    std::uint64_t count = 0;
};

SumReference sumReference(const std::vector<float>& values);

// A float sum in which every value goes through at most `additions` float additions on its way into
// the result (a sequential loop of k elements: k - 1; a tree over w values: ceil(log2 w)) is off by
// at most ((1 + u)^additions - 1) * sum |x_i| with u = 2^-24 (Higham, Accuracy and Stability of
// Numerical Algorithms, section 4.2: each value is multiplied by at most `additions` factors
// (1 + delta), |delta| <= u). Adds the double reference's own error (count * 2^-53 * sum |x_i|)
// and the final rounding to float (u |sum|).
double sumErrorBound(const SumReference& reference, std::uint64_t additions);

// The device's sum against the reference, within sumErrorBound.
CheckResult checkSum(const SumReference& reference, float got, std::uint64_t additions);

}  // namespace hoc
