#include "hoc/common/data.hpp"

#include <random>

namespace hoc {

std::vector<float> randomFloats(std::size_t n, std::uint32_t seed, float lo, float hi)
{
    std::mt19937 engine(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    std::vector<float> v(n);
    for (auto& x : v)
        x = dist(engine);
    return v;
}

}  // namespace hoc
