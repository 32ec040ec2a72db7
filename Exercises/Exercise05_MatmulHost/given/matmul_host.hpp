// Exercise 5: the host program for the matrix-multiplication kernel of Exercise 04.
#pragma once

#include <vector>

#include "hoc/matmul/matmul_host.hpp"

// C = A * B with the kernel mmul_element (matmul_element.cl), one work-item per element of C.
// A is M x K, B is K x N, both row-major (d gives M, N, K, each at least 1).
hoc::matmul::MatmulResult matmulHost(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                                     hoc::matmul::Dims d);
