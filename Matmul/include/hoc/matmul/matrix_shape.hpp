// A matrix's shape, as a ROWSxCOLS option gives it (hoc::CommandLine::shapesOption): the programs
// that measure over several matrices (Exercise 17's transposes) take their list of shapes this way.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace hoc::matmul {

struct MatrixShape {
    std::size_t rows = 0, cols = 0;
    std::size_t count() const { return rows * cols; }
    std::string text() const { return std::to_string(rows) + " x " + std::to_string(cols); }
};

// The shapes of a ROWSxCOLS list ({rows, cols} each), and the one with the most elements (the first
// of them; `shapes` is not empty).
std::vector<MatrixShape> matrixShapes(const std::vector<std::vector<std::size_t>>& values);
const MatrixShape& largestShape(const std::vector<MatrixShape>& shapes);

}  // namespace hoc::matmul
