// Comparing a device's answer with the serial reference, element by element.
#pragma once

#include <cstddef>
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
    std::size_t count = 0;     // elements compared
    std::size_t wrong = 0;     // elements outside the tolerance
    std::size_t first = 0;     // index of the first wrong element
    double expected = 0;       // the first wrong element: reference value ...
    double got = 0;            // ... and the device's value
    double allowed = 0;        // ... and the difference that would have been accepted
    std::string problem;       // set when the arrays could not be compared at all (size mismatch)

    // "all 1000 elements correct" or
    // "17 of 1000 elements wrong; first at index 3: expected 1.5, got 0 (allowed difference 0)"
    std::string message() const;
};

CheckResult compare(const std::vector<float>& expected, const std::vector<float>& got, Tolerance tol = {});
CheckResult compare(const std::vector<double>& expected, const std::vector<float>& got, Tolerance tol = {});

// Each element has its own error bound (e.g. a dot-product bound for matrix multiplication).
CheckResult compareWithBounds(const std::vector<double>& expected, const std::vector<float>& got,
                              const std::vector<double>& bound);

// A single value (pi, a sum) against its reference.
CheckResult compareValue(double expected, double got, double allowed);

}  // namespace hoc
