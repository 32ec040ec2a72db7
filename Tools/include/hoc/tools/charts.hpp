// The runner's two charts, as SVG text.
#pragma once

#include <string>

#include "hoc/tools/results.hpp"

namespace hoc::tools {

// The matmul progression: every result rated in MFLOPS (the probe's excepted), in course order,
// one line per device, logarithmic MFLOPS axis; the vendor BLAS (where known) as dashes and each
// device's FMA peak as a dotted line. "" when no result is rated in MFLOPS.
std::string progressionChart(const Table& table);

// The roofline: each device's roofs (copy bandwidth, FMA peak) on log-log axes of FLOP/byte and
// GFLOP/s, and every result that reports flops and bytes as a numbered point, with a key.
// "" when no device has roofs.
std::string rooflineChart(const Table& table);

// Short x-axis text for a row: "04 C = A * B" for folder Exercise04_..., at most `width` characters.
std::string shortLabel(const Row& row, std::size_t width);

}  // namespace hoc::tools
