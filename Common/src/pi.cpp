#include "hoc/pi.hpp"

#include <cmath>
#include <limits>

#include "hoc/bandwidth.hpp"

namespace hoc::pi {

float serialFloat(std::uint64_t steps)
{
    const float step = 1.0f / static_cast<float>(steps);
    float sum = 0.0f;
    for (std::uint64_t i = 0; i < steps; ++i) {
        const float x = (static_cast<float>(i) + 0.5f) * step;
        sum += 4.0f / (1.0f + x * x);
    }
    return step * sum;
}

double serialDouble(std::uint64_t steps)
{
    const double step = 1.0 / static_cast<double>(steps);
    double sum = 0.0;
    for (std::uint64_t i = 0; i < steps; ++i) {
        const double x = (static_cast<double>(i) + 0.5) * step;
        sum += 4.0 / (1.0 + x * x);
    }
    return step * sum;
}

double reference(std::uint64_t steps)
{
    if (steps <= (std::uint64_t{1} << 22)) {
        // Kahan-compensated double sum: the summation error stays near 2^-52 relative for any count.
        const double step = 1.0 / static_cast<double>(steps);
        double sum = 0.0, carry = 0.0;
        for (std::uint64_t i = 0; i < steps; ++i) {
            const double x = (static_cast<double>(i) + 0.5) * step;
            const double y = 4.0 / (1.0 + x * x) - carry;
            const double t = sum + y;
            carry = (t - sum) - y;
            sum = t;
        }
        return step * (sum - carry);
    }
    const double h = 1.0 / static_cast<double>(steps);
    return M_PI + h * h / 12.0;  // the next term is O(h^6) < 1e-38 here
}

double floatSumBound(std::uint64_t additions)
{
    const double u = std::ldexp(1.0, -24);
    const double nu = static_cast<double>(additions) * u;
    if (nu >= 1.0)
        return std::numeric_limits<double>::infinity();
    const double gamma = nu / (1.0 - nu);
    const double evaluation = 8.0 * u;
    // (1 + eval)(1 + gamma) - 1 relative error on a sum of terms whose exact total is below 3.25 / h;
    // multiplying by h (in double on the host) leaves 3.25.
    return 3.25 * ((1.0 + evaluation) * (1.0 + gamma) - 1.0);
}

std::string stepsText(std::uint64_t steps)
{
    return sizeText(steps) + (steps == 1 ? " step" : " steps");
}

}  // namespace hoc::pi
