// The serial reference for this exercise: the transpose of a rows x cols row-major matrix.
#pragma once

#include <cstddef>
#include <vector>

namespace hoc::ref {

// A cols x rows row-major matrix: result[c * rows + r] = a[r * cols + c]. Moving floats is exact,
// so a correct kernel matches it exactly.
std::vector<float> transpose(const std::vector<float>& a, std::size_t rows, std::size_t cols);

}  // namespace hoc::ref
