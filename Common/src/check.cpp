#include "hoc/common/check.hpp"

#include "hoc/common/errors.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <sstream>

namespace hoc {
namespace {

// Compares element by element; `allowedAt(i)` gives the accepted difference for element i.
template <typename Expected, typename Got, typename Allowed>
CheckResult compareWith(const std::vector<Expected>& expected, const std::vector<Got>& got, Allowed allowedAt)
{
    CheckResult r;
    r.count = expected.size();
    if (expected.size() != got.size()) {
        r.problem = "expected " + std::to_string(expected.size()) + " elements, got " + std::to_string(got.size());
        return r;
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const double e = static_cast<double>(expected[i]);
        const double g = static_cast<double>(got[i]);
        const double allowed = allowedAt(i, e);
        // Written so that a NaN on either side counts as wrong.
        if (!(std::fabs(g - e) <= allowed)) {
            if (r.wrong == 0) {
                r.first = i;
                r.expected = e;
                r.got = g;
                r.allowed = allowed;
            }
            ++r.wrong;
        }
    }
    r.ok = r.wrong == 0;
    return r;
}

}  // namespace

std::string CheckResult::message() const
{
    std::ostringstream out;
    out.precision(9);
    if (!problem.empty())
        out << problem;
    else if (ok)
        out << (count == 1 ? "the value is" : "all " + std::to_string(count) + " elements") << " correct";
    else if (wrong == 0)  // every element within its bound; the whole is not
        out << "every element within its own bound, but the error's norm is " << normError << ", more than the "
            << normAllowed << " its normwise bound allows (expected " << expected << " at index " << first << ", got "
            << got << ")";
    else if (count == 1)
        out << "wrong: expected " << expected << ", got " << got << " (allowed difference " << allowed << ")";
    else
        out << wrong << " of " << count << " elements wrong; first at index " << first << ": expected " << expected
            << ", got " << got << " (allowed difference " << allowed << ")";
    return out.str();
}

CheckResult compare(const std::vector<float>& expected, const std::vector<float>& got, Tolerance tol)
{
    return compareWith(expected, got, [&](std::size_t, double e) { return tol.abs + tol.rel * std::fabs(e); });
}

CheckResult compare(const std::vector<double>& expected, const std::vector<float>& got, Tolerance tol)
{
    return compareWith(expected, got, [&](std::size_t, double e) { return tol.abs + tol.rel * std::fabs(e); });
}

CheckResult compare(const std::vector<int>& expected, const std::vector<int>& got)
{
    return compareWith(expected, got, [](std::size_t, double) { return 0.0; });
}

CheckResult compare(const std::vector<std::uint8_t>& expected, const std::vector<std::uint8_t>& got)
{
    return compareWith(expected, got, [](std::size_t, double) { return 0.0; });
}

double ulpError(float got, double exact)
{
    if (!std::isfinite(got) && got != exact)
        return INFINITY;  // NaN, or an infinity where none is due: no finite distance
    const double magnitude = std::max(std::fabs(exact), static_cast<double>(FLT_MIN));
    const double ulp = std::ldexp(1.0, std::ilogb(magnitude) - 23);  // the spacing of floats near `exact`
    return std::fabs(static_cast<double>(got) - exact) / ulp;
}

CheckResult compareWithBounds(const std::vector<double>& expected, const std::vector<float>& got,
                              const std::vector<double>& bound)
{
    if (bound.size() != expected.size()) {
        CheckResult r;
        r.problem = "internal: " + std::to_string(bound.size()) + " error bounds for " +
                    std::to_string(expected.size()) + " elements";
        return r;
    }
    return compareWith(expected, got, [&](std::size_t i, double) { return bound[i]; });
}

CheckResult compareWithBounds(const std::vector<double>& expected, const std::vector<float>& got,
                              const std::vector<double>& bound, double normBound)
{
    CheckResult r = compareWithBounds(expected, got, bound);
    if (!r.problem.empty() || !r.ok || !(normBound < INFINITY))
        return r;
    // The elements are all within their bounds (so finite): the norm of the difference, and the
    // element with the largest difference, to show where it is.
    double squares = 0, largest = -1;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const double diff = static_cast<double>(got[i]) - expected[i];
        squares += diff * diff;
        if (std::fabs(diff) > largest) {
            largest = std::fabs(diff);
            r.first = i;
        }
    }
    r.normError = std::sqrt(squares);
    r.normAllowed = normBound;
    if (!(r.normError <= normBound)) {
        r.ok = false;
        r.expected = expected[r.first];
        r.got = got[r.first];
        r.allowed = bound[r.first];
    }
    return r;
}

CheckResult compareValue(double expected, double got, double allowed)
{
    CheckResult r;
    r.count = 1;
    r.expected = expected;
    r.got = got;
    r.allowed = allowed;
    r.ok = std::fabs(got - expected) <= allowed;
    r.wrong = r.ok ? 0 : 1;
    return r;
}

void requireDecisiveBound(double allowed, double value, const std::string& what, const std::string& narrowing)
{
    if (allowed < std::fabs(value))
        return;
    std::ostringstream out;
    out.precision(3);
    out << what << ": its check cannot tell a right result from a wrong one: the rounding error it must allow, "
        << allowed << ", is at least the result itself (" << std::fabs(value) << "), so 0 would pass as correct; "
        << narrowing;
    throw UsageError(out.str());
}

}  // namespace hoc
