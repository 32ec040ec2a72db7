#include "hoc/matmul/dims.hpp"

#include <climits>

#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/sizes.hpp"

namespace hoc::matmul {

Dims dimsFrom(const std::vector<std::size_t>& values, const std::string& option)
{
    if (values.size() != 1 && values.size() != 3)
        throw UsageError(option + " takes one size (square matrices) or three (M,N,K), not " +
                         std::to_string(values.size()));
    for (const std::size_t v : values)
        if (v == 0 || v > static_cast<std::size_t>(INT_MAX))
            throw UsageError(option + " " + std::to_string(v) + ": sizes go from 1 to " + std::to_string(INT_MAX));
    const Dims d = values.size() == 1 ? Dims{values[0], values[0], values[0]} : Dims{values[0], values[1], values[2]};
    requireIntIndices(d, option);
    return d;
}

void requireIntIndices(Dims d, const std::string& what)
{
    const SizeLimit limit{INT_MAX, "INT_MAX: the kernels index a matrix with an int"};
    checkedProduct({d.m, d.k}, limit, what + ", A is M x K");
    checkedProduct({d.k, d.n}, limit, what + ", B is K x N");
    checkedProduct({d.m, d.n}, limit, what + ", C is M x N");
}

void requireHostMemory(Dims d, const std::string& what)
{
    const double m = static_cast<double>(d.m), n = static_cast<double>(d.n), k = static_cast<double>(d.k);
    hoc::requireHostMemory(4.0 * (m * k + k * n + m * n) + 2.0 * 8.0 * m * n, what);
}

}  // namespace hoc::matmul
