// The main() of the matrix-multiplication programs: sizes from the command line, random A and B,
// the exercise's host function, the check against the double reference, time and MFLOPS.
// Header-only because it uses hoc::Main, which lives in the hoc::main library of the programs.
#pragma once

#include <climits>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "hoc/main.hpp"
#include "hoc/matmul_host.hpp"

namespace hoc::matmul {

// --size N for square matrices; --m, --n, --k override one dimension each (C is M x N, A is M x K).
struct SizeOptions {
    std::size_t size = 1024;
    long m = 0, n = 0, k = 0;  // 0: same as --size

    void add(Main& program)
    {
        program.sizeOption("-n,--size", size, "M = N = K, for square matrices", INT_MAX);
        program.option("--m", m, "Rows of A and C (default: --size)", 0, INT_MAX);
        program.option("--n", n, "Columns of B and C (default: --size)", 0, INT_MAX);
        program.option("--k", k, "Columns of A, rows of B (default: --size)", 0, INT_MAX);
    }

    Dims dims() const { return dims(size); }

    // The sizes with `square` in place of --size (the table program's --sizes list).
    Dims dims(std::size_t square) const
    {
        const auto pick = [square](long v) { return v > 0 ? static_cast<std::size_t>(v) : square; };
        return {pick(m), pick(n), pick(k)};
    }
};

// Checks `result` and adds it to the report under `label`, with time and MFLOPS.
inline void reportRun(Report& report, const std::string& label, const Inputs& in, Dims d, const MatmulResult& result)
{
    report.flops(label, d.text(), check(in.a, in.b, result.c, d), result.timing, d.flops());
}

// The whole main() of Exercises 04 to 08. `moreOptions` adds an exercise's own options.
inline int programMain(int argc, char** argv, const std::string& exercise, const std::string& description,
                       const std::string& label, const HostFunction& host,
                       const std::function<void(Main&)>& moreOptions = {})
{
    Main program(exercise, description);
    SizeOptions sizes;
    sizes.add(program);
    if (moreOptions)
        moreOptions(program);
    return program.run(argc, argv, [&](const cl::Device& device, Report& report) {
        const Dims d = sizes.dims();
        requireMatrices(device, d);
        const Inputs in = randomInputs(d);
        const MatmulResult result = host(device, in.a, in.b, d);
        std::cout << "NDRange: " << result.launch << "\n";
        reportRun(report, label, in, d, result);
    });
}

}  // namespace hoc::matmul
