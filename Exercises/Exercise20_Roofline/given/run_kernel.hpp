// Exercise 20: one run of a kernel of the ladder through its host function, from Exercises 05-09
// (the program links their code; main.cpp includes this file alone).
#pragma once

#include <cstddef>

#include "hoc/common/errors.hpp"
#include "matmul_blocked.hpp"
#include "matmul_host.hpp"
#include "matmul_local_column.hpp"
#include "matmul_private_row.hpp"
#include "matmul_row.hpp"
#include "traffic.hpp"

inline hoc::matmul::MatmulResult runKernel(LadderKernel kernel, const cl::Device& device, const hoc::matmul::Inputs& in,
                                           hoc::matmul::Dims d, std::size_t tile)
{
    switch (kernel) {
    case LadderKernel::Element: return matmulHost(device, in.a, in.b, d);
    case LadderKernel::Row: return matmulRow(device, in.a, in.b, d);
    case LadderKernel::PrivateRow: return matmulPrivateRow(device, in.a, in.b, d);
    case LadderKernel::LocalColumn: return matmulLocalColumn(device, in.a, in.b, d);
    case LadderKernel::Blocked: return matmulBlocked(device, in.a, in.b, d, tile);
    }
    throw hoc::Failure("unknown kernel");
}
