#include "hoc/pi/reference.hpp"

#include <cmath>
#include <cstdio>
#include <ostream>

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

hoc::Result checkedRow(const std::string& name, const RunFigures& run, std::uint64_t steps, double allowed,
                       double flopsPerStep)
{
    const Check checked = check(run.pi, steps, allowed);
    const double rate = run.kernelSeconds > 0 ? static_cast<double>(steps) / run.kernelSeconds : 0;
    return {name,
            stepsText(steps),
            checked.ok,
            checked.text,
            run.kernelSeconds,
            rate,
            "steps/s",
            {{"error", run.pi - M_PI},
             {"work_groups", static_cast<double>(run.workGroups)},
             {"work_group_size", static_cast<double>(run.workGroupSize)},
             {"steps_per_item", static_cast<double>(run.stepsPerItem)},
             {"flops", flopsPerStep * static_cast<double>(steps)},
             {"bytes", sizeof(float) * static_cast<double>(run.workGroups)}}};
}

void printSpeedups(std::ostream& out, const std::vector<std::string>& keys, const std::vector<hoc::Result>& rows)
{
    if (keys.empty() || rows.empty() || rows[0].rate <= 0)
        return;
    for (std::size_t i = 1; i < keys.size() && i < rows.size(); ++i)
        if (rows[i].rate > 0)
            out << keys[i] << " design: " << fixedText(rows[i].rate / rows[0].rate, 1) << "x the steps/s of the "
                << keys[0] << " design\n";
}

}  // namespace hoc::pi
