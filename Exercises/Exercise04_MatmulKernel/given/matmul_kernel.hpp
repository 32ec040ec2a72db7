// Exercise 4: your matrix-multiplication kernel, run by a ready-made host program.
#pragma once

#include <vector>

#include "hoc/matmul/matmul_host.hpp"

// C = A * B with the kernel mmul_element from matmul_element.cl, one work-item per element of C.
// A is M x K, B is K x N, both row-major (d gives M, N, K, each at least 1).
hoc::matmul::MatmulResult matmulKernel(const cl::Device& device, const std::vector<float>& a,
                                       const std::vector<float>& b, hoc::matmul::Dims d);
