// Exercise 7: one row of C per work-item, the row of A in private memory.
#pragma once

#include <cstddef>
#include <vector>

#include "hoc/matmul/matmul_host.hpp"

// `chunk` of matmulPrivateRow for step 1: the whole row of A at once.
constexpr std::size_t kWholeRow = 0;

// The most private memory step 1 asks of a work-item: 64 KB, a row of K = 16384 floats. OpenCL has no
// query for how much a work-item may have (PoCL answers CL_KERNEL_PRIVATE_MEM_SIZE with a placeholder),
// and past it a run fails: PoCL's CPU threads overflow their stack a little past 128 KB, a GPU
// refuses the launch. Longer rows are step 2's work.
constexpr std::size_t kWholeRowMaxBytes = 64 * 1024;

// The usual length of step 2's private array (a chunk of the row of A): the slides' 1024.
constexpr std::size_t kPrivateRowChunk = 1024;

// C = A * B, one work-item per row of C, which first copies its row of A into private memory
// (matmul_private_row.cl). Step 1 (chunk = kWholeRow, kernel mmul_private_row): the whole row, K
// floats, up to kWholeRowMaxBytes (beyond, hoc::Failure). Step 2 (chunk > 0, kernel
// mmul_private_row_chunks): `chunk` floats at a time, any K.
// A is M x K, B is K x N, both row-major (d gives M, N, K, each at least 1).
hoc::matmul::MatmulResult matmulPrivateRow(const cl::Device& device, const std::vector<float>& a,
                                           const std::vector<float>& b, hoc::matmul::Dims d,
                                           std::size_t chunk = kWholeRow);
