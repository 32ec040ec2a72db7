// Matrix sizes from the command line: `--dims 1024` (square) or `--dims 1000,500,200` (M, N, K).
#pragma once

#include <string>
#include <vector>

#include "hoc/matmul.hpp"

namespace hoc::matmul {

// One value: M = N = K; three values: M, N, K. Anything else is a hoc::UsageError naming `option`.
// Each size must fit the kernels' int arguments.
Dims dimsFrom(const std::vector<std::size_t>& values, const std::string& option = "--dims");

}  // namespace hoc::matmul
