// What the main() of every matrix-multiplication program shares: the size options, and the check of
// C against the double reference reported with time and MFLOPS.
// Header-only, in the front end (Cli/): it is used by the programs' main.cpp alone, whose folder links
// hoc::matmul (Matmul/ is below Cli and never includes this header).
#pragma once

#include <climits>
#include <string>
#include <vector>

#include "hoc/main.hpp"
#include "hoc/matmul_host.hpp"

namespace hoc::matmul {

// --size N for square matrices; --m, --n, --k override one dimension each (C is M x N, A is M x K).
struct SizeOptions {
    std::size_t size = 1024;
    long m = 0, n = 0, k = 0;  // 0: same as --size

    void add(CommandLine& cli)
    {
        cli.sizeOption("-n,--size", size, "M = N = K, for square matrices", INT_MAX);
        cli.option("--m", m, "Rows of A and C (default: --size)", 0, INT_MAX);
        cli.option("--n", n, "Columns of B and C (default: --size)", 0, INT_MAX);
        cli.option("--k", k, "Columns of A, rows of B (default: --size)", 0, INT_MAX);
    }

    Dims dims() const { return dims(size); }

    // The sizes with `square` in place of --size (the table program's --sizes list).
    Dims dims(std::size_t square) const
    {
        const auto pick = [square](long v) { return v > 0 ? static_cast<std::size_t>(v) : square; };
        return {pick(m), pick(n), pick(k)};
    }
};

// Checks `result` and adds it to the report under `label`, with time and MFLOPS, and the kernel's
// global-memory `bytes` as written (bytesElement() ... in hoc/matmul.hpp) for the roofline.
inline void reportRun(Report& report, const std::string& label, const Inputs& in, Dims d, const MatmulResult& result,
                      double bytes)
{
    report.flops(label, d.text(), check(in.a, in.b, result.c, d), result.timing, d.flops(), {{"bytes", bytes}});
}

}  // namespace hoc::matmul
