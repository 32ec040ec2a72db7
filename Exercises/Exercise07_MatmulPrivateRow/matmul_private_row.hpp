// Exercise 7: one row of C per work-item, the row of A in private memory.
#pragma once

#include <cstddef>
#include <vector>

#include "hoc/matmul_host.hpp"

// The length of the private array that holds (a piece of) the row of A: the slides' 1024.
constexpr std::size_t kPrivateRowChunk = 1024;

// C = A * B with the kernel mmul_private_row (matmul_private_row.cl): one work-item per row of C,
// which first copies its row of A into private memory, `chunk` floats at a time (any K works).
// A is M x K, B is K x N, both row-major (d gives M, N, K, each at least 1).
hoc::matmul::MatmulResult matmulPrivateRow(const cl::Device& device, const std::vector<float>& a,
                                           const std::vector<float>& b, hoc::matmul::Dims d,
                                           std::size_t chunk = kPrivateRowChunk);
