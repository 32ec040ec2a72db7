#include "hoc/matmul/matrix_shape.hpp"

#include <algorithm>

namespace hoc::matmul {

std::vector<MatrixShape> matrixShapes(const std::vector<std::vector<std::size_t>>& values)
{
    std::vector<MatrixShape> shapes;
    for (const auto& v : values)
        shapes.push_back({v.at(0), v.at(1)});
    return shapes;
}

const MatrixShape& largestShape(const std::vector<MatrixShape>& shapes)
{
    return *std::max_element(shapes.begin(), shapes.end(),
                             [](const MatrixShape& a, const MatrixShape& b) { return a.count() < b.count(); });
}

}  // namespace hoc::matmul
