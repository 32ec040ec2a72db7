// Serial references for the vector exercises (01-03). They add in the same order as the kernels,
// so a correct kernel matches them exactly.
#pragma once

#include <vector>

namespace hoc::ref {

std::vector<float> vadd(const std::vector<float>& a, const std::vector<float>& b);
std::vector<float> vadd3(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c);

}  // namespace hoc::ref
