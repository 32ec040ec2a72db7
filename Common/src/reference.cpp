#include "hoc/common/reference.hpp"

namespace hoc::ref {

std::vector<float> vadd(const std::vector<float>& a, const std::vector<float>& b)
{
    std::vector<float> c(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        c[i] = a[i] + b[i];
    return c;
}

std::vector<float> vadd3(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c)
{
    std::vector<float> d(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        d[i] = a[i] + b[i] + c[i];  // (a + b) + c, the order the kernel uses
    return d;
}

std::vector<float> transpose(const std::vector<float>& a, std::size_t rows, std::size_t cols)
{
    std::vector<float> t(a.size());
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c)
            t[c * rows + r] = a[r * cols + c];
    return t;
}

}  // namespace hoc::ref
