#include "hoc/matmul/matmul.hpp"

#include <cmath>
#include <limits>

namespace hoc::matmul {

std::string Dims::text() const
{
    if (m == n && n == k)
        return "M = N = K = " + std::to_string(m);
    return "M = " + std::to_string(m) + ", N = " + std::to_string(n) + ", K = " + std::to_string(k);
}

namespace {
double cells(std::size_t rows, std::size_t cols) { return static_cast<double>(rows) * static_cast<double>(cols); }
double ceilDiv(std::size_t n, std::size_t d) { return static_cast<double>((n + d - 1) / d); }
}  // namespace

double bytesElement(Dims d) { return 4.0 * (2.0 * cells(d.m, d.n) * static_cast<double>(d.k) + cells(d.m, d.n)); }

double bytesPrivateRow(Dims d, std::size_t chunk)
{
    const double chunks = chunk == 0 ? 1.0 : ceilDiv(d.k, chunk);
    return 4.0 * (cells(d.m, d.k) + cells(d.m, d.n) * static_cast<double>(d.k) + cells(d.m, d.n) * (2 * chunks - 1));
}

double bytesLocalColumn(Dims d, std::size_t chunk, std::size_t group)
{
    return 4.0 *
           (cells(d.m, d.k) + ceilDiv(d.m, group) * cells(d.k, d.n) + cells(d.m, d.n) * (2 * ceilDiv(d.k, chunk) - 1));
}

double bytesTiled(Dims d, std::size_t tileM, std::size_t tileN)
{
    return 4.0 * (cells(d.m, d.k) * ceilDiv(d.n, tileN) + cells(d.k, d.n) * ceilDiv(d.m, tileM) + cells(d.m, d.n));
}

std::vector<float> serial(const std::vector<float>& a, const std::vector<float>& b, Dims d)
{
    std::vector<float> c(d.m * d.n);
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t j = 0; j < d.n; ++j) {
            float sum = 0.0f;
            for (std::size_t k = 0; k < d.k; ++k)
                sum += a[i * d.k + k] * b[k * d.n + j];
            c[i * d.n + j] = sum;
        }
    return c;
}

namespace {

// Sums a_ik * b_kj (and |a_ik| |b_kj|) over k in double, row by row so B is read along rows.
void dotProducts(const std::vector<float>& a, const std::vector<float>& b, Dims d, std::vector<double>* value,
                 std::vector<double>* magnitude)
{
    if (value)
        value->assign(d.m * d.n, 0.0);
    if (magnitude)
        magnitude->assign(d.m * d.n, 0.0);
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t k = 0; k < d.k; ++k) {
            const double aik = a[i * d.k + k];
            const float* brow = &b[k * d.n];
            if (value) {
                double* crow = &(*value)[i * d.n];
                for (std::size_t j = 0; j < d.n; ++j)
                    crow[j] += aik * brow[j];
            }
            if (magnitude) {
                double* mrow = &(*magnitude)[i * d.n];
                for (std::size_t j = 0; j < d.n; ++j)
                    mrow[j] += std::fabs(aik) * std::fabs(static_cast<double>(brow[j]));
            }
        }
}

}  // namespace

double roundingFactor(std::uint64_t n, double u) { return std::expm1(static_cast<double>(n) * std::log1p(u)); }

std::vector<double> reference(const std::vector<float>& a, const std::vector<float>& b, Dims d)
{
    std::vector<double> c;
    dotProducts(a, b, d, &c, nullptr);
    return c;
}

std::vector<double> errorBounds(const std::vector<float>& a, const std::vector<float>& b, Dims d)
{
    const double uFloat = std::ldexp(1.0, -24);
    const double uDouble = std::ldexp(1.0, -53);
    std::vector<double> magnitude;
    dotProducts(a, b, d, nullptr, &magnitude);
    const double g = roundingFactor(d.k, uFloat) + roundingFactor(d.k, uDouble) + uFloat;
    for (auto& bound : magnitude)
        bound = g * bound + std::numeric_limits<float>::denorm_min();
    return magnitude;
}

double normBound(const std::vector<float>& a, const std::vector<float>& b, Dims d, const std::vector<double>& value)
{
    const double u = std::ldexp(1.0, -24), lambda = 10;
    // rho^2 = sum_k ||A(:,k)||^2 ||B(k,:)||^2: the sum over C of each element's variance for random signs.
    std::vector<double> columnA(d.k, 0.0);
    for (std::size_t i = 0; i < d.m; ++i)
        for (std::size_t k = 0; k < d.k; ++k)
            columnA[k] += static_cast<double>(a[i * d.k + k]) * a[i * d.k + k];
    double rho2 = 0;
    for (std::size_t k = 0; k < d.k; ++k) {
        double rowB = 0;
        for (std::size_t j = 0; j < d.n; ++j)
            rowB += static_cast<double>(b[k * d.n + j]) * b[k * d.n + j];
        rho2 += columnA[k] * rowB;
    }
    double c2 = 0;
    for (const double v : value)
        c2 += v * v;
    const double rho = std::sqrt(rho2), norm = std::sqrt(c2);
    if (norm > 4 * rho)  // the products share a sign: the premise fails (see the header)
        return INFINITY;
    const double k = static_cast<double>(d.k);
    return lambda * u * std::sqrt(2 * k) * rho + u * norm +
           roundingFactor(d.k, std::ldexp(1.0, -53)) * std::sqrt(k) * rho + std::numeric_limits<float>::denorm_min();
}

ExpectedC expectedC(const std::vector<float>& a, const std::vector<float>& b, Dims d)
{
    ExpectedC e;
    e.value = reference(a, b, d);
    e.bound = errorBounds(a, b, d);
    e.norm = normBound(a, b, d, e.value);
    return e;
}

CheckResult check(const ExpectedC& expected, const std::vector<float>& c)
{
    return compareWithBounds(expected.value, c, expected.bound, expected.norm);
}

CheckResult check(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c, Dims d)
{
    return check(expectedC(a, b, d), c);
}

}  // namespace hoc::matmul
