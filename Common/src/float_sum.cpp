#include "hoc/common/float_sum.hpp"

#include <algorithm>
#include <cmath>

namespace hoc {

namespace {

const double kUnit = std::ldexp(1.0, -24);  // u, float's unit roundoff

// The double reference's own worst case: count additions in double, each within 2^-53 of sum |x_i|.
double doubleError(const SumReference& reference)
{
    return static_cast<double>(reference.count) * std::ldexp(1.0, -53) * reference.magnitude;
}

}  // namespace

double floatSumBound(std::uint64_t additions, double magnitude, double termError)
{
    if (magnitude == 0)  // a sum of zeros is exact (and 0 times an overflowed growth would be NaN)
        return 0;
    const double growth = std::expm1(static_cast<double>(additions) * std::log1p(kUnit));  // (1 + u)^k - 1
    return magnitude * ((1.0 + termError) * (1.0 + growth) - 1.0);
}

std::uint64_t treeAdditions(std::uint64_t values)
{
    std::uint64_t rounds = 0;
    while (rounds < 64 && (std::uint64_t{1} << rounds) < values)
        ++rounds;
    return rounds;
}

std::uint64_t passAdditions(const ItemSum& item, std::uint64_t n, std::uint64_t items, std::uint64_t local)
{
    const auto ceilDiv = [](std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; };
    std::uint64_t beforeTree = item.perItem - 1;  // a work-item's own elements, added in turn
    if (item.perItem == 0)                        // a loop over the pass: its share, in turn
        beforeTree = ceilDiv(n, items) - 1;
    if (item.width == 4)
        // In a group of four float4s 2 additions, then one per float4 step of its lane of the running
        // sum, at most 3 to add the four lanes (dot() adds them in any order), and at most 3 for the
        // floats after the last whole float4.
        beforeTree = 2 + ceilDiv(n / 4, items) + 3 + 3;
    if (item.width == 16) {
        // In its lane of its run's sum, one per float16 of a run (a work-item's float16s over `runs`)
        // and at most runs - 1 left over; `runs` to add the runs' sums, 16 to add the lanes, then at
        // most one per float after the last float16.
        const std::uint64_t perItem = ceilDiv(n / 16, items);
        beforeTree = perItem / item.runs + (item.runs - 1) + item.runs + 16 + ceilDiv(n % 16, items);
    }
    return beforeTree + treeAdditions(local);
}

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
    return floatSumBound(additions, reference.magnitude) + doubleError(reference) + kUnit * std::fabs(reference.sum);
}

double sumProbableBound(const SumReference& reference, std::uint64_t additions)
{
    const double norm = std::sqrt(reference.squares);
    if (std::fabs(reference.sum) > 4 * norm)  // not random signs: the premise fails
        return INFINITY;
    const double lambda = 100;  // 10 (the rounding errors) times 10 (the partial sums)
    const double k = static_cast<double>(additions);
    const double first = lambda * kUnit * std::sqrt(k) * norm;
    return (1 + lambda * kUnit * std::sqrt(k)) * first + kUnit * std::fabs(reference.sum) + doubleError(reference);
}

double sumAllowed(const SumReference& reference, std::uint64_t additions)
{
    return std::min(sumErrorBound(reference, additions), sumProbableBound(reference, additions));
}

CheckResult checkSum(const SumReference& reference, float got, std::uint64_t additions)
{
    return compareValue(reference.sum, got, sumAllowed(reference, additions));
}

void requireDecisiveSum(const SumReference& reference, std::uint64_t additions, const std::string& what,
                        const std::string& narrowing)
{
    requireDecisiveBound(sumAllowed(reference, additions), reference.sum, what, narrowing);
}

}  // namespace hoc
