#include "sum_reference.hpp"

#include <algorithm>
#include <cmath>

namespace hoc {

SumReference sumReference(const std::vector<float>& values)
{
    SumReference r;
    for (const float v : values) {
        r.sum += v;
        r.magnitude += std::fabs(v);
        r.squares += static_cast<double>(v) * v;
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

double sumProbableBound(const SumReference& reference, std::uint64_t additions)
{
    const double norm = std::sqrt(reference.squares);
    if (std::fabs(reference.sum) > 4 * norm)  // not random signs: the premise fails
        return INFINITY;
    const double u = std::ldexp(1.0, -24);
    const double lambda = 100;  // 10 (the rounding errors) times 10 (the partial sums)
    const double k = static_cast<double>(additions);
    const double first = lambda * u * std::sqrt(k) * norm;
    const double doubleError = static_cast<double>(reference.count) * std::ldexp(1.0, -53) * reference.magnitude;
    return (1 + lambda * u * std::sqrt(k)) * first + u * std::fabs(reference.sum) + doubleError;
}

double sumAllowed(const SumReference& reference, std::uint64_t additions)
{
    return std::min(sumErrorBound(reference, additions), sumProbableBound(reference, additions));
}

CheckResult checkSum(const SumReference& reference, float got, std::uint64_t additions)
{
    return compareValue(reference.sum, got, sumAllowed(reference, additions));
}

void requireDecisiveSum(const SumReference& reference, std::uint64_t additions, const std::string& what)
{
    requireDecisiveBound(sumAllowed(reference, additions), reference.sum, what,
                         "a kernel whose elements go through fewer additions (--kernels, --local) or another size "
                         "(--sizes) narrows it or changes the sum");
}

}  // namespace hoc
