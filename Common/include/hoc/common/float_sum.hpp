// Error bounds for float sums, the check of a device's sum against a double reference, and the refusal
// of a check that could not decide (Exercises 10, 16 and 21 and the tests that check their sums).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/check.hpp"

namespace hoc {

// A float sum in which every term goes through at most `additions` float additions on its way into
// the result (a sequential loop of k terms: k - 1; a tree over w values: ceil(log2 w)), each term
// already carrying a relative error of at most `termError` from its own evaluation, is off by at
// most ((1 + termError)((1 + u)^additions) - 1) * magnitude, magnitude being sum |x_i| (or a bound of
// it) and u = 2^-24 (Higham, Accuracy and Stability of Numerical Algorithms, lemma 3.1 and section 4.2:
// each term is multiplied by at most `additions` factors (1 + delta), |delta| <= u).
// (1 + u)^k - 1 rather than gamma_k = k u / (1 - k u): the same worst case, and finite for every k
// (gamma_k is infinite at k = 2^24 and negative beyond); it passes 1 at k = 2^24 ln 2, about 1.16e7,
// and is infinite only where (1 + u)^k overflows a double (k above about 1.2e10).
double floatSumBound(std::uint64_t additions, double magnitude, double termError = 0);

// The most additions a value goes through in a tree sum over `values` values (each round adds pairs,
// halving what is left): ceil(log2 values), 0 for one value. A float sum's k adds it to the additions
// before the tree.
std::uint64_t treeAdditions(std::uint64_t values);

// How a work-item of a work-group reduction adds its share of a pass's elements before the work-group's
// tree, in plain numbers: the shapes of the course's reduction kernels (Exercise 16's seven steps, which
// Exercise 21's sweep runs too). The count that follows from it only feeds the error bound of their sums
// (sumErrorBound's k), so it lives here, beside that bound, rather than in the room of the program that
// runs the kernels.
struct ItemSum {
    std::uint64_t perItem = 1;  // elements added in turn; 0: the work-item loops over the pass (all of its share)
    std::uint64_t width = 1;  // floats per load: 1; 4 (float4 loads, step 6); 16 (float16 loads in `runs` runs, step 7)
    std::uint64_t runs = 1;   // width 16: runs read side by side, each into a float16 sum of its own
};

// The most float additions an element goes through in one pass of n elements over `items` work-items
// in work-groups of `local` (sumErrorBound's k; a pass after pass adds their counts): those of its
// work-item (`item`), then the tree over the work-group (treeAdditions(local)).
std::uint64_t passAdditions(const ItemSum& item, std::uint64_t n, std::uint64_t items, std::uint64_t local);

struct SumReference {
    double sum = 0;        // sum of x_i, in double
    double magnitude = 0;  // sum of |x_i|, in double
    double squares = 0;    // sum of x_i^2, in double
    std::uint64_t count = 0;
};

SumReference sumReference(const std::vector<float>& values);

// The worst case of a float sum of these values computed in any order, every value going through at
// most `additions` additions: floatSumBound(additions, sum |x_i|), plus the double reference's own
// error (count * 2^-53 * sum |x_i|) and the final rounding to float (u |sum|).
double sumErrorBound(const SumReference& reference, std::uint64_t additions);

// The worst-case bound grows like k u sum |x_i| and, for random inputs (randomFloats in [-1, 1):
// independent, signs random), soon passes the sum itself, about (sum x_i^2)^(1/2) (at 2^20 floats
// with Exercise 16's reduce_cpu on PoCL: 4100 against 22.3), so a kernel writing 0 passed. For such
// inputs the error has a bound that grows like sqrt(k) u (sum x_i^2)^(1/2) instead:
//
//   |s^ - s| <= (1 + L u sqrt(k)) L u sqrt(k sum_i x_i^2) + u |s| + count 2^-53 sum |x_i|,   L = 100.
//
// Why it holds: to first order the float sum's error is e = sum_j delta_j s_j over its additions
// j, |delta_j| <= u, s_j the partial sum rounded there (Higham, section 4.2). In the probabilistic
// model of Higham and Mary (A new approach to probabilistic rounding error analysis, SIAM J. Sci.
// Comput. 41(5), 2019: the delta_j mean-independent with mean zero), Azuma-Hoeffding's inequality
// gives |e| <= 10 u (sum_j s_j^2)^(1/2) with probability at least 1 - 2 exp(-50) (> 1 - 4e-22). Each
// s_j sums the x_i of a set S_j the kernel's order fixes, independently of the signs, so Hoeffding
// gives |s_j| <= 10 (sum_{i in S_j} x_i^2)^(1/2), each with the same probability (over all of the
// fewer than 2^31 partial sums: failure below 1e-12). An element is in at most k of the sets, so
// sum_j s_j^2 <= 100 k sum_i x_i^2: the first term, with L = 10 * 10. The computed partial sums
// differ from the exact ones by their own error, at most L u sqrt(k) of them by the same argument
// (the factor before it); u |s| is the final rounding to float, the last term the double reference's
// own worst case.
// What it refuses: the sum is about (sum x_i^2)^(1/2) and the bound about 100 u sqrt(k) times that
// (k = 2^17: 0.002 of it), so a 0, or any sum off by more than a small fraction, is refused.
// Its premise is checked on the reference: random signs make |s| about (sum x_i^2)^(1/2); values that
// share a sign make it far larger and their partial sums grow like k. There (|s| > 4 (sum x_i^2)^(1/2):
// small positive integers, say) this returns infinity and only sumErrorBound applies.
double sumProbableBound(const SumReference& reference, std::uint64_t additions);

// What a check allows: the smaller of the two bounds (sumErrorBound stays the hard limit).
double sumAllowed(const SumReference& reference, std::uint64_t additions);

// The device's sum against the reference, within sumAllowed.
CheckResult checkSum(const SumReference& reference, float got, std::uint64_t additions);

// Refuses (hoc::UsageError, exit status 2), before any run, a sum whose check could not tell a right
// result from 0 (sumAllowed at least |sum|): hoc::requireDecisiveBound, naming `what` and saying
// what narrows it (`narrowing`: the program's options that change the count of additions).
void requireDecisiveSum(const SumReference& reference, std::uint64_t additions, const std::string& what,
                        const std::string& narrowing);

}  // namespace hoc
