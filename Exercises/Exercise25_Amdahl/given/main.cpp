// Exercise 25: the driver. Runs vadd (from ordinary and from pinned host arrays) and matmul as whole
// programs (writes, kernel, read), each result checked, and prints each phase's device time, the
// kernel's share p of the whole and what Amdahl's law (amdahl.cpp) says a faster kernel can give the
// whole program. The host side is in stages.cpp; the checks, report and tables are Measure's.
#include <iostream>

#include "amdahl.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/matmul/matmul_host.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 24, side = 1024;
    hoc::Repeats repeats;  // one warm-up, then the timed runs
    cli.sizeOption("-n,--size", n, "vadd: elements of A, B and C", INT32_MAX);
    cli.sizeOption("--matmul-size", side, "matmul: M = N = K", 46340);  // M x K must fit an int
    cli.option("--runs", repeats.runs, "Timed runs after one warm-up; the median of each phase is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const hoc::matmul::Dims d{side, side, side};
    // Refused (exit status 2) where the device or the host cannot hold them; vadd and matmul run one
    // after the other, each checked alone (matmul: A, B, C, the reference and its bounds).
    hoc::requireWholeVadd(device, n);
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(d.m * d.k), 3, "matmul " + d.text());
    hoc::matmul::requireMatrices(device, d);
    const double vector = sizeof(float) * static_cast<double>(n);

    // Each run's row of the tables, reported with its result's check and the phases' own.
    std::vector<hoc::PhaseRow> rows;
    const auto row = [](const char* name, const Phases& p) {
        return hoc::PhaseRow{name, p.write, p.kernel, p.read, p.whole};
    };
    Amdahl amdahl(device);
    {  // vadd, from ordinary and then from pinned host arrays: 3 floats per element moved by the kernel
        const std::vector<float> a = hoc::randomFloats(n, 25), b = hoc::randomFloats(n, 26),
                                 expected = hoc::ref::vadd(a, b);
        for (const bool pinned : {false, true}) {
            const std::string name = pinned ? "vadd pinned" : "vadd";
            const ProgramRun run = amdahl.vadd(a, b, repeats, pinned);
            if (!run.ran)  // the pinned run of a PinnedFloats not written yet
                std::cout << name << ": not run: PinnedFloats (amdahl.cpp) is step 7, not written yet\n";
            else
                hoc::reportWholeRun(report, rows, row(pinned ? "pinned" : "vadd", run.phases), name,
                                    "N = " + hoc::sizeText(n), hoc::compare(expected, run.out), 3 * vector, 0);
        }
    }
    // matmul with Exercise 04's kernel, then the same program with Exercise 09's faster blocked one,
    // the kernel as the student wrote it in Exercise 09
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
    for (const MatmulKernel k : {MatmulKernel::element, MatmulKernel::blocked}) {
        const bool blocked = k == MatmulKernel::blocked;
        const ProgramRun run = amdahl.matmul(in.a, in.b, d, repeats, k);
        const auto check = hoc::matmul::check(in.a, in.b, run.out, d);
        hoc::reportWholeRun(report, rows, row(blocked ? "blocked" : "matmul", run.phases),
                            blocked ? "matmul blocked" : "matmul", d.text(), check, 0, d.flops());
        if (blocked && !check.ok)
            std::cout << "matmul blocked runs Exercise 09's mmul_blocked (matmul_blocked.cl) as you wrote it there: "
                         "finish Exercise 09 first (script/check 09); until then step 6's figures mean nothing\n";
    }

    hoc::printPhases(std::cout, rows, repeats.runs, amdahlSpeedup);
    const Program mine = worthAFasterKernel();  // step 4's, checked against this run's p under the table
    hoc::printAmdahlSummary(std::cout, rows,
                            mine == Program::none   ? ""
                            : mine == Program::vadd ? "vadd"
                                                    : "matmul",
                            "Exercise 09's blocked kernel in the same program, matmul " + d.text(), amdahlSpeedup);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
