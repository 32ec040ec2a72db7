// Reproducible inputs: the same seed gives the same numbers on every run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hoc {

// n floats uniformly distributed in [lo, hi).
std::vector<float> randomFloats(std::size_t n, std::uint32_t seed, float lo = 0.0f, float hi = 1.0f);

}  // namespace hoc
