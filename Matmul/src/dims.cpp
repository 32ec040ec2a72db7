#include "hoc/dims.hpp"

#include <climits>

#include "hoc/errors.hpp"

namespace hoc::matmul {

Dims dimsFrom(const std::vector<std::size_t>& values, const std::string& option)
{
    if (values.size() != 1 && values.size() != 3)
        throw UsageError(option + " takes one size (square matrices) or three (M,N,K), not " +
                         std::to_string(values.size()));
    for (const std::size_t v : values)
        if (v == 0 || v > static_cast<std::size_t>(INT_MAX))
            throw UsageError(option + " " + std::to_string(v) + ": sizes go from 1 to " + std::to_string(INT_MAX));
    if (values.size() == 1)
        return {values[0], values[0], values[0]};
    return {values[0], values[1], values[2]};
}

}  // namespace hoc::matmul
