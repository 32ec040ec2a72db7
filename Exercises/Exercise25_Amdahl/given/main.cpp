// Exercise 25: the driver. Runs vadd (from ordinary and from pinned host arrays) and matmul as whole
// programs (writes, kernel, read), checks each result against the serial reference, and prints each
// phase's device time, the kernel's share p of the whole and what Amdahl's law (amdahl.cpp) says a
// faster kernel can give the whole program.
#include <cmath>
#include <iomanip>
#include <iostream>
#include <limits>

#include "amdahl.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/common/reference.hpp"

namespace {

// The result's check, and the phases' own: one in-order queue runs the commands one after another,
// so the whole run lasts longer than 0 and at least as long as each phase.
hoc::CheckResult withPhases(hoc::CheckResult check, const Phases& t)
{
    if (check.ok && !(t.whole > 0 && t.whole >= t.kernel && t.whole >= t.write && t.whole >= t.read)) {
        check.ok = false;
        check.problem = "the result is right, but phasesOf's times do not fit: whole " + hoc::formatTime(t.whole) +
                        " must be more than 0 and hold the writes, the kernel and the reads (is amdahl.cpp still "
                        "the starter?)";
    }
    return check;
}

}  // namespace

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
    // vadd's three buffers, and its three pinned host arrays (buffers too, CL_MEM_ALLOC_HOST_PTR).
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(n), 6,
                        "vadd of " + std::to_string(n) + " elements");
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(side * side), 3, "matmul " + d.text());
    // vadd and matmul run one after the other, each checked alone. vadd: A, B, C read back, the
    // reference and the three pinned host arrays; matmul: A, B, C, the reference and its bounds (requireMatrices); on a
    // device in host memory the three buffers of each too.
    const double vector = sizeof(float) * static_cast<double>(n);
    hoc::requireHostMemory(hoc::hostBytes(device, 7 * vector, 6 * vector),
                           "vadd of " + std::to_string(n) + " elements");
    hoc::matmul::requireMatrices(device, d);

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
        const ProgramRun pinned = amdahl.vadd(a, b, repeats, true);
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

    const double infinite = std::numeric_limits<double>::infinity();
    std::cout << "device time of one run (medians of " << runs << "); p = kernel / whole; "
              << "whole-program speedup for a kernel s times faster\n";
    std::cout << std::left << std::setw(8) << "program" << std::right << std::setw(13) << "writes" << std::setw(13)
              << "kernel" << std::setw(13) << "reads" << std::setw(13) << "whole" << std::setw(7) << "p" << std::setw(9)
              << "s = 10" << std::setw(9) << "s = inf" << "\n";
    for (const auto& [name, t] : rows) {
        const double p = t.kernel / t.whole;
        std::cout << std::left << std::setw(8) << name << std::right << std::setw(13) << hoc::formatTime(t.write)
                  << std::setw(13) << hoc::formatTime(t.kernel) << std::setw(13) << hoc::formatTime(t.read)
                  << std::setw(13) << hoc::formatTime(t.whole) << std::fixed << std::setprecision(2) << std::setw(7)
                  << p << std::setw(9) << amdahlSpeedup(p, 10) << std::setw(9) << amdahlSpeedup(p, infinite) << "\n";
    }
    // The law against a measurement: the blocked kernel takes 1/s of the element kernel's time (on a
    // GPU s > 1; on a CPU it may be less); with the element program's p, Amdahl's law predicts the
    // whole program's speedup, and the two programs' whole runs measure it. They agree as far as only
    // the kernel changed between the runs.
    const Phases& pageable = rows[0].second;
    const Phases& pinned = rows[1].second;
    std::cout << "vadd from pinned host arrays: copies (writes + reads) "
              << hoc::formatTime(pageable.write + pageable.read) << " -> "
              << hoc::formatTime(pinned.write + pinned.read) << ", p " << pageable.kernel / pageable.whole << " -> "
              << pinned.kernel / pinned.whole
              << "; whole-program speedup (whole / whole): " << pageable.whole / pinned.whole << "\n";
    const Phases& element = rows[2].second;
    const Phases& blocked = rows[3].second;
    const double p = element.kernel / element.whole, s = element.kernel / blocked.kernel;
    std::cout << "Exercise 09's blocked kernel in the same program, matmul " << d.text() << ": kernel speedup s = " << s
              << " (element kernel / blocked kernel)\n"
              << "  whole-program speedup predicted by Amdahl's law with p = " << p << ": " << amdahlSpeedup(p, s)
              << "; measured (whole / whole): " << element.whole / blocked.whole << "\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
