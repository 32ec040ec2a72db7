#include "hoc/pi/reference.hpp"

#include <cmath>
#include <cstdio>

#include "hoc/common/check.hpp"
#include "hoc/common/report.hpp"

namespace hoc::pi {

namespace {

// h * sum of 4 / (1 + x_i^2) at the midpoints x_i = (i + 0.5) h, in Real; with `compensated`, the
// sum is Kahan's (the rounding error of each addition is carried into the next).
template <typename Real> Real midpointSum(std::uint64_t steps, bool compensated)
{
    const Real step = Real(1) / static_cast<Real>(steps);
    Real sum = 0, carry = 0;
    for (std::uint64_t i = 0; i < steps; ++i) {
        const Real x = (static_cast<Real>(i) + Real(0.5)) * step;
        const Real term = Real(4) / (Real(1) + x * x);
        if (!compensated) {
            sum += term;
            continue;
        }
        const Real y = term - carry;
        const Real t = sum + y;
        carry = (t - sum) - y;
        sum = t;
    }
    return step * (sum - carry);
}

}  // namespace

float serialFloat(std::uint64_t steps)
{
    // The slides' float program ("Numerical integration source code"), type for type: x, step and
    // the sum are floats, but the literals 4.0 and 1.0 are doubles, so each term is computed in
    // double and the sum rounded back to float at every step.
    const float step = 1.0f / static_cast<float>(steps);
    float sum = 0.0f;
    for (std::uint64_t i = 0; i < steps; ++i) {
        const float x = (static_cast<float>(i) + 0.5f) * step;
        sum = static_cast<float>(sum + 4.0 / (1.0 + static_cast<double>(x) * x));
    }
    return step * sum;
}

double serialDouble(std::uint64_t steps) { return midpointSum<double>(steps, false); }

double reference(std::uint64_t steps)
{
    if (steps <= (std::uint64_t{1} << 22))
        return midpointSum<double>(steps, true);  // the summation error stays near 2^-52 relative
    const double h = 1.0 / static_cast<double>(steps);
    return M_PI + h * h / 12.0;  // the next term is O(h^6) < 1e-38 here
}

std::string stepsText(std::uint64_t steps) { return sizeText(steps) + (steps == 1 ? " step" : " steps"); }

Check check(double pi, std::uint64_t steps, double allowed, int digits)
{
    const double expected = reference(steps);
    const auto scientific = [](double value, int decimals) {
        char text[32];
        std::snprintf(text, sizeof text, "%.*e", decimals, value);
        return std::string(text);
    };
    return {compareValue(expected, pi, allowed).ok,
            "pi = " + fixedText(pi, digits) + ", error " + scientific(pi - M_PI, 2) + " = midpoint rule " +
                scientific(expected - M_PI, 2) + " + rounding " + scientific(pi - expected, 2) + " (allowed " +
                scientific(allowed, 1) + ")"};
}

}  // namespace hoc::pi
