// Serial references for the vector exercises (01-03) and the transposes (17, 21). They add in the
// same order as the kernels, or only move floats, so a correct kernel matches them exactly.
#pragma once

#include <cstddef>
#include <vector>

namespace hoc::ref {

std::vector<float> vadd(const std::vector<float>& a, const std::vector<float>& b);
std::vector<float> vadd3(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c);

// The transpose of a rows x cols row-major matrix, cols x rows row-major: result[c * rows + r] =
// a[r * cols + c].
std::vector<float> transpose(const std::vector<float>& a, std::size_t rows, std::size_t cols);

}  // namespace hoc::ref
