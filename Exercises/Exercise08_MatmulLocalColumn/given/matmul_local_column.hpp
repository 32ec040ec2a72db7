// Exercise 8: one row of C per work-item, the row of A private, a column of B shared in local memory.
#pragma once

#include <cstddef>
#include <vector>

#include "hoc/matmul/matmul_host.hpp"

// The length of the private row of A and of the shared column of B (floats at a time).
constexpr std::size_t kLocalColumnChunk = 1024;

// C = A * B with the kernel mmul_local_column (matmul_local_column.cl): one work-item per row of C,
// its row of A in private memory, and the work-group's column of B in local memory, `chunk` floats
// at a time (any K works). A is M x K, B is K x N, both row-major (d gives M, N, K, each at least 1).
hoc::matmul::MatmulResult matmulLocalColumn(const cl::Device& device, const std::vector<float>& a,
                                            const std::vector<float>& b, hoc::matmul::Dims d,
                                            std::size_t chunk = kLocalColumnChunk);
