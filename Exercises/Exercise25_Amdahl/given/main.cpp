// Exercise 25: the driver. Runs vadd (from ordinary and from pinned host arrays) and matmul as whole
// programs (writes, kernel, read), checks each result against the serial reference, and prints each
// phase's device time, the kernel's share p of the whole and what Amdahl's law (amdahl.cpp) says a
// faster kernel can give the whole program. The host side is in stages.cpp; the checks, reports
// and tables around the runs in report.cpp.
#include <iostream>

#include "amdahl.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "report.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 24;
    std::size_t side = 1024;
    hoc::Repeats repeats;  // one warm-up, then the timed runs
    cli.sizeOption("-n,--size", n, "vadd: elements of A, B and C", INT32_MAX);
    cli.sizeOption("--matmul-size", side, "matmul: M = N = K", 46340);  // M x K must fit an int
    cli.option("--runs", repeats.runs, "Timed runs after one warm-up; the median of each phase is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const hoc::matmul::Dims d{side, side, side};
    requireMemory(device, n, d);  // exit status 2 where the device or the host cannot hold them

    Amdahl amdahl(device);
    PhaseRows rows;  // each program's phases, for the tables
    {                // vadd, from ordinary and from pinned host arrays
        const std::vector<float> a = hoc::randomFloats(n, 25), b = hoc::randomFloats(n, 26);
        const std::vector<float> expected = hoc::ref::vadd(a, b);
        reportVadd(report, rows, "vadd", "vadd", amdahl.vadd(a, b, repeats), expected);
        // The same program with its copies from and to pinned host arrays.
        reportVadd(report, rows, "pinned", "vadd pinned", amdahl.vadd(a, b, repeats, /*pinned=*/true), expected);
    }
    {  // matmul, Exercise 04's kernel and Exercise 09's blocked one
        const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
        reportMatmul(report, rows, "matmul", "matmul", amdahl.matmul(in.a, in.b, d, repeats), in, d);
        // The same program with a faster kernel: Exercise 09's blocked one.
        const ProgramRun blocked = amdahl.matmul(in.a, in.b, d, repeats, MatmulKernel::blocked);
        reportMatmul(report, rows, "blocked", "matmul blocked", blocked, in, d);
    }
    printTables(std::cout, rows, repeats.runs, d);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
