// Exercise 25: the driver. Runs vadd (from ordinary and from pinned host arrays) and matmul as whole
// programs (writes, kernel, read), checks each result against the serial reference, and prints each
// phase's device time, the kernel's share p of the whole and what Amdahl's law (amdahl.cpp) says a
// faster kernel can give the whole program. The
// host side is in stages.cpp; the checks and tables around the runs in report.cpp.
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
    hoc::CommandLine cli(
        "Exercise25_Amdahl",
        "Exercise 25: Amdahl's law, the whole program (writes, kernel, reads) against the kernel alone");
    std::size_t n = std::size_t{1} << 24;
    std::size_t side = 1024;
    long runs = 5;
    cli.sizeOption("-n,--size", n, "vadd: elements of A, B and C", INT32_MAX);
    cli.sizeOption("--matmul-size", side, "matmul: M = N = K", 46340);  // M x K must fit an int
    cli.option("--runs", runs, "Timed runs after one warm-up; the median of each phase is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const hoc::matmul::Dims d{side, side, side};
    requireMemory(device, n, d);  // exit status 2 where the device or the host cannot hold them

    Amdahl amdahl(device);
    const hoc::Repeats repeats{1, static_cast<int>(runs)};
    std::vector<std::pair<std::string, Phases>> rows;

    {  // vadd: 3 floats moved per element by the kernel, and as many by the copies
        const std::vector<float> a = hoc::randomFloats(n, 25), b = hoc::randomFloats(n, 26);
        const ProgramRun r = amdahl.vadd(a, b, repeats);
        const hoc::CheckResult check = withPhases(hoc::compare(hoc::ref::vadd(a, b), r.out), r.phases);
        const std::string size = "N = " + hoc::sizeText(n);
        const double bytes = 3.0 * sizeof(float) * static_cast<double>(n);
        report.bandwidth("vadd, kernel alone", size, check, {r.phases.kernel, 0}, bytes);
        report.bandwidth("vadd, whole program", size, check, {r.phases.whole, 0}, bytes);
        rows.emplace_back("vadd", r.phases);
        // The same program with its copies from and to pinned host arrays.
        const ProgramRun pinned = amdahl.vadd(a, b, repeats, /*pinned=*/true);
        const hoc::CheckResult pinnedCheck = withPhases(hoc::compare(hoc::ref::vadd(a, b), pinned.out), pinned.phases);
        report.bandwidth("vadd pinned, kernel alone", size, pinnedCheck, {pinned.phases.kernel, 0}, bytes);
        report.bandwidth("vadd pinned, whole program", size, pinnedCheck, {pinned.phases.whole, 0}, bytes);
        rows.emplace_back("pinned", pinned.phases);
    }
    {  // matmul: 2 M N K flops; 3 N^2 floats copied
        const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
        const ProgramRun r = amdahl.matmul(in.a, in.b, d, repeats);
        const hoc::CheckResult check = withPhases(hoc::matmul::check(in.a, in.b, r.out, d), r.phases);
        report.flops("matmul, kernel alone", d.text(), check, {r.phases.kernel, 0}, d.flops());
        report.flops("matmul, whole program", d.text(), check, {r.phases.whole, 0}, d.flops());
        rows.emplace_back("matmul", r.phases);
    }
    {  // the same matmul program with a faster kernel: Exercise 09's blocked one
        const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
        const ProgramRun r = amdahl.matmul(in.a, in.b, d, repeats, MatmulKernel::blocked);
        const hoc::CheckResult check = withPhases(hoc::matmul::check(in.a, in.b, r.out, d), r.phases);
        report.flops("matmul blocked, kernel alone", d.text(), check, {r.phases.kernel, 0}, d.flops());
        report.flops("matmul blocked, whole program", d.text(), check, {r.phases.whole, 0}, d.flops());
        rows.emplace_back("blocked", r.phases);
    }

    printPhases(std::cout, rows, runs);
    printPinnedAgainstPageable(std::cout, rows[0].second, rows[1].second);
    printLawAgainstMeasurement(std::cout, rows[2].second, rows[3].second, d);  // element against blocked
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
