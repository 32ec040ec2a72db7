// Exercise 6: one row of C per work-item.
#pragma once

#include <vector>

#include "hoc/matmul/matmul_host.hpp"

// C = A * B with the kernel mmul_row (matmul_row.cl): one work-item per row of C, in work-groups of 64.
// A is M x K, B is K x N, both row-major (d gives M, N, K, each at least 1).
hoc::matmul::MatmulResult matmulRow(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                                    hoc::matmul::Dims d);
