#include "report.hpp"

#include <iomanip>
#include <iostream>
#include <limits>
#include <ostream>
#include <string>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/report.hpp"
#include "hoc/matmul/matmul_host.hpp"

void requireMemory(const cl::Device& device, std::size_t n, const hoc::matmul::Dims& d)
{
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(n), 6,
                        "vadd of " + std::to_string(n) + " elements");
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(d.m * d.k), 3, "matmul " + d.text());
    const double vector = sizeof(float) * static_cast<double>(n);
    hoc::requireHostMemory(hoc::hostBytes(device, 7 * vector, 6 * vector),
                           "vadd of " + std::to_string(n) + " elements");
    hoc::matmul::requireMatrices(device, d);
}

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

void reportVadd(hoc::Report& report, PhaseRows& rows, const std::string& row, const std::string& name,
                const ProgramRun& run, const std::vector<float>& expected)
{
    if (!run.ran) {  // the pinned run of a PinnedFloats not written yet
        std::cout << name << ": not run: PinnedFloats (amdahl.cpp) is step 7, not written yet\n";
        return;
    }
    const hoc::CheckResult check = withPhases(hoc::compare(expected, run.out), run.phases);
    const std::string size = "N = " + hoc::sizeText(expected.size());
    const double bytes = 3.0 * sizeof(float) * static_cast<double>(expected.size());
    report.bandwidth(name + ", kernel alone", size, check, {run.phases.kernel, 0}, bytes);
    report.bandwidth(name + ", whole program", size, check, {run.phases.whole, 0}, bytes);
    rows.emplace_back(row, run.phases);
}

void reportMatmul(hoc::Report& report, PhaseRows& rows, const std::string& row, const std::string& name,
                  const ProgramRun& run, const hoc::matmul::Inputs& in, const hoc::matmul::Dims& d)
{
    const hoc::CheckResult check = withPhases(hoc::matmul::check(in.a, in.b, run.out, d), run.phases);
    report.flops(name + ", kernel alone", d.text(), check, {run.phases.kernel, 0}, d.flops());
    report.flops(name + ", whole program", d.text(), check, {run.phases.whole, 0}, d.flops());
    rows.emplace_back(row, run.phases);
}

namespace {

void printPhases(std::ostream& out, const PhaseRows& rows, int runs)
{
    const double infinite = std::numeric_limits<double>::infinity();
    out << "device time of one run (medians of " << runs << "); p = kernel / whole; "
        << "whole-program speedup for a kernel s times faster\n";
    out << std::left << std::setw(8) << "program" << std::right << std::setw(13) << "writes" << std::setw(13)
        << "kernel" << std::setw(13) << "reads" << std::setw(13) << "whole" << std::setw(7) << "p" << std::setw(9)
        << "s = 10" << std::setw(9) << "s = inf" << "\n";
    for (const auto& [name, t] : rows) {
        const double p = t.kernel / t.whole;
        out << std::left << std::setw(8) << name << std::right << std::setw(13) << hoc::formatTime(t.write)
            << std::setw(13) << hoc::formatTime(t.kernel) << std::setw(13) << hoc::formatTime(t.read) << std::setw(13)
            << hoc::formatTime(t.whole) << std::fixed << std::setprecision(2) << std::setw(7) << p << std::setw(9)
            << amdahlSpeedup(p, 10) << std::setw(9) << amdahlSpeedup(p, infinite) << "\n";
    }
}

void printPinnedAgainstPageable(std::ostream& out, const Phases& pageable, const Phases& pinned)
{
    out << "vadd from pinned host arrays: copies (writes + reads) " << hoc::formatTime(pageable.write + pageable.read)
        << " -> " << hoc::formatTime(pinned.write + pinned.read) << ", p " << pageable.kernel / pageable.whole << " -> "
        << pinned.kernel / pinned.whole << "; whole-program speedup (whole / whole): " << pageable.whole / pinned.whole
        << "\n";
}

void printLawAgainstMeasurement(std::ostream& out, const Phases& element, const Phases& blocked,
                                const hoc::matmul::Dims& d)
{
    const double p = element.kernel / element.whole, s = element.kernel / blocked.kernel;
    out << "Exercise 09's blocked kernel in the same program, matmul " << d.text() << ": kernel speedup s = " << s
        << " (element kernel / blocked kernel)\n"
        << "  whole-program speedup predicted by Amdahl's law with p = " << p << ": " << amdahlSpeedup(p, s)
        << "; measured (whole / whole): " << element.whole / blocked.whole << "\n";
}

}  // namespace

void printTables(std::ostream& out, const PhaseRows& rows, int runs, const hoc::matmul::Dims& d)
{
    const auto row = [&](const std::string& name) -> const Phases* {
        for (const auto& [each, phases] : rows)
            if (each == name)
                return &phases;
        return nullptr;
    };
    printPhases(out, rows, runs);
    // Step 4's prediction against this run's own p, under the table (never the answer itself). The
    // last line says only whether a prediction is made, so that an output shown before step 4 is
    // answered can end with it and leave the table and this line out.
    const Program mine = worthAFasterKernel();
    if (mine != Program::none && row("vadd") && row("matmul")) {
        const double vaddP = row("vadd")->kernel / row("vadd")->whole,
                     matmulP = row("matmul")->kernel / row("matmul")->whole;
        const Program larger = matmulP >= vaddP ? Program::matmul : Program::vadd;
        out << "this run's p against your step 4: " << (mine == larger ? "agrees" : "does not agree") << "\n";
    }
    if (row("vadd") && row("pinned"))  // the pinned row is there once step 7 is written
        printPinnedAgainstPageable(out, *row("vadd"), *row("pinned"));
    if (row("matmul") && row("blocked"))
        printLawAgainstMeasurement(out, *row("matmul"), *row("blocked"), d);  // element against blocked
    out << "your prediction of step 4 (worthAFasterKernel in amdahl.cpp): "
        << (mine == Program::none ? "not made yet"
                                  : "made; the tests check it for a GPU, the line under the table against this run's p")
        << "\n";
}
