// The references of the pi programs (Exercise 10, and Exercise A, which takes them from this folder):
// pi = integral from 0 to 1 of 4 / (1 + x^2) dx, approximated by the midpoint rule with `steps`
// rectangles of width 1/steps.
#pragma once

#include <cstdint>
#include <string>

namespace hoc::pi {

// The slides' serial program, in float: x and the running sum are floats (each term is computed in
// double, as the slides' double literals make it, and rounded into the float sum). Past about 2^24
// steps the sum is so large that adding one more rectangle (2 to 4) loses most of its bits.
float serialFloat(std::uint64_t steps);

// The same loop in double: the serial baseline the OpenCL versions are checked against.
double serialDouble(std::uint64_t steps);

// The exact midpoint-rule value for `steps` (what a perfect computation would return), within 1e-13:
// a compensated double sum for up to 2^22 steps; beyond, pi + h^2/12 with h = 1/steps. The Euler-Maclaurin
// expansion of the midpoint rule is pi + (h^2/24)(f'(0) - f'(1)) + O(h^6) for this f (its h^4 term
// is zero because f''' vanishes at 0 and at 1), and f'(0) - f'(1) = 2.
double reference(std::uint64_t steps);

// The accuracy Exercises 10 and A ask of their best kernels, for any step count.
constexpr double kTarget = 1e-6;

// A worst-case error bound for a float computation in which every term 4/(1+x^2) is evaluated
// with a relative error of at most 8 units in the last place (u = 2^-24: x rounded twice, 1 + x^2
// once, the division within OpenCL's 2.5 ulp) and then goes through at most `additions` float
// additions on its way into the sum: hoc::floatSumBound (hoc/common/float_sum.hpp), a relative error
// of at most (1 + u)^n - 1 (Higham's lemma 3.1) after the terms' own.
// The sum of the terms is at most 3.25 / h (h * sum f is pi + h^2/12 + O(h^6): 3.2 for one step, less for more).
// The bound is an honest worst case, and a loose one for long float sums: from about 2^23 additions
// it exceeds pi itself (3.25 * (e^(n u) - 1) > pi), so a plain float sum that long cannot be told
// from a wrong one; the simple designs then report the allowed error they were held to.
double floatSumBound(std::uint64_t additions);

// "2^24 steps" for powers of two from 2^10 on, else "1000 steps".
std::string stepsText(std::uint64_t steps);

}  // namespace hoc::pi
