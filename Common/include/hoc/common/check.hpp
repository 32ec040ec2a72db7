// Comparing a device's answer with the serial reference, element by element.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hoc {

// An element passes when |got - expected| <= abs + rel * |expected|. The default is exact equality,
// right for additions done in the same order as the reference.
struct Tolerance {
    double abs = 0;
    double rel = 0;
};

struct CheckResult {
    bool ok = false;
    std::size_t count = 0;  // elements compared
    std::size_t wrong = 0;  // elements outside the tolerance
    std::size_t first = 0;  // index of the first wrong element
    double expected = 0;    // the first wrong element: reference value ...
    double got = 0;         // ... and the device's value
    double allowed = 0;     // ... and the difference that would have been accepted
    std::string problem;    // set when the arrays could not be compared at all (size mismatch)
    // The normwise check (compareWithBounds with a norm bound): ||got - expected||_2 over all elements,
    // and the most it may be. A result whose every element is within its own bound but whose whole
    // error is not is wrong (normError > normAllowed, wrong == 0). normAllowed < 0: not checked.
    double normError = 0;
    double normAllowed = -1;

    // "all 1000 elements correct" or
    // "17 of 1000 elements wrong; first at index 3: expected 1.5, got 0 (allowed difference 0)"
    // "every element within its own bound, but the error's norm is 1644.2, more than the 2.9 its
    // normwise bound allows (expected 822.1 at index 0, got 0)"
    std::string message() const;
};

CheckResult compare(const std::vector<float>& expected, const std::vector<float>& got, Tolerance tol = {});
CheckResult compare(const std::vector<double>& expected, const std::vector<float>& got, Tolerance tol = {});
// Integers (a conversion's, a swizzle's results): equal or wrong.
CheckResult compare(const std::vector<int>& expected, const std::vector<int>& got);
CheckResult compare(const std::vector<std::uint8_t>& expected, const std::vector<std::uint8_t>& got);

// The distance from `got` to `exact` in units in the last place of a float near `exact` (the unit the
// OpenCL specification states its built-in functions' accuracy in); infinite for a NaN, or an
// infinity where none is due.
double ulpError(float got, double exact);

// Each element has its own error bound (e.g. a dot-product bound for matrix multiplication).
CheckResult compareWithBounds(const std::vector<double>& expected, const std::vector<float>& got,
                              const std::vector<double>& bound);

// The same, and then the normwise check: the 2-norm of (got - expected) over all elements at most
// `normBound` (a bound for the whole that does not grow with the problem as fast as the elementwise
// one, e.g. hoc::matmul::normBound). Elementwise bounds stay the hard limit; the norm check adds
// power where they are too loose to refuse anything (a zero result among them). An infinite
// `normBound` leaves the norm unchecked.
CheckResult compareWithBounds(const std::vector<double>& expected, const std::vector<float>& got,
                              const std::vector<double>& bound, double normBound);

// A single value (pi, a sum) against its reference.
CheckResult compareValue(double expected, double got, double allowed);

// A check tells a right result from a wrong one only if the error it allows is below the result
// itself: otherwise 0, what an unwritten result or the starter gives, passes as correct. Refuses
// (hoc::UsageError, exit status 2), before the run, a configuration whose bound `allowed` is at least
// |`value`| (the expected result), saying so. `what` names the configuration, `narrowing` says
// which options narrow the bound.
//   "pi, simple design, 2^25 steps, ...: its check cannot tell a right result from a wrong one: ..."
void requireDecisiveBound(double allowed, double value, const std::string& what, const std::string& narrowing);

}  // namespace hoc
