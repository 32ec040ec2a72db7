#include "transpose_reference.hpp"

namespace hoc::ref {

std::vector<float> transpose(const std::vector<float>& a, std::size_t rows, std::size_t cols)
{
    std::vector<float> t(a.size());
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c)
            t[c * rows + r] = a[r * cols + c];
    return t;
}

}  // namespace hoc::ref
