// Exercise 9b: what the program (main.cpp) does around the multiplication: which variant runs, and
// the global-memory traffic it reports for the roofline.
#pragma once

#include <optional>
#include <string>

#include "hoc/common/report.hpp"
#include "hoc/matmul/dims.hpp"
#include "sgemm.hpp"

// The variant that runs: `given` (--variant) if any, else the first of sgemmVariants with `noTune`,
// else the one tuneSgemm picks for this device (its tuning printed, with the cache `cache`, tuned
// again with `retune`). Prints "Variant: ...".
Variant chooseVariant(const cl::Device& device, const std::optional<Variant>& given, hoc::matmul::Dims d,
                      const std::string& cache, bool retune, bool noTune);

// Global-memory traffic as written, for the roofline: a block of C reads its rows of A and columns of
// B once; the block is a work-group's TS x TS (sgemm_local) or BM x BN (sgemm_tiles), a work-item's
// RM x NV*VW (sgemm_panel). Kernels of other names report no bytes.
hoc::Extra globalTraffic(const Variant& variant, hoc::matmul::Dims d);
