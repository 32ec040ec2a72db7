// Matrix sizes from the command line: `--dims 1024` (square) or `--dims 1000,500,200` (M, N, K).
#pragma once

#include <string>
#include <vector>

#include "hoc/matmul/matmul.hpp"

namespace hoc::matmul {

// One value: M = N = K; three values: M, N, K. Anything else is a hoc::UsageError naming `option`.
// Each size must fit the kernels' int arguments.
Dims dimsFrom(const std::vector<std::size_t>& values, const std::string& option = "--dims");

// The kernels index A, B and C with an int: M x K, K x N and M x N must each be at most INT_MAX,
// else a hoc::UsageError (exit 2) naming `what` (the option) and the limit. dimsFrom checks this.
void requireIntIndices(Dims d, const std::string& what);

// Before A and B are made: A, B and C in floats and the check's double reference and bounds for C
// must fit in the host memory this process can have (hoc::requireHostMemory), else hoc::Failure.
void requireHostMemory(Dims d, const std::string& what);

}  // namespace hoc::matmul
