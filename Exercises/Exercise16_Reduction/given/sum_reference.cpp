#include "sum_reference.hpp"

#include <cmath>

namespace hoc {

SumReference sumReference(const std::vector<float>& values)
{
    SumReference r;
    for (const float v : values) {
        r.sum += v;
        r.magnitude += std::fabs(v);
    }
    r.count = values.size();
    return r;
}

double sumErrorBound(const SumReference& reference, std::uint64_t additions)
{
    const double u = std::ldexp(1.0, -24);
    const double growth = std::expm1(static_cast<double>(additions) * std::log1p(u));  // (1 + u)^k - 1
    const double doubleError = static_cast<double>(reference.count) * std::ldexp(1.0, -53) * reference.magnitude;
    return growth * reference.magnitude + doubleError + u * std::fabs(reference.sum);
}

CheckResult checkSum(const SumReference& reference, float got, std::uint64_t additions)
{
    return compareValue(reference.sum, got, sumErrorBound(reference, additions));
}

}  // namespace hoc
