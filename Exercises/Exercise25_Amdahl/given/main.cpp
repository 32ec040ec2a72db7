// Exercise 25: the driver. Runs vadd (from ordinary and from pinned host arrays) and matmul as whole
// programs (writes, kernel, read), checks each result against the serial reference, and prints each
// phase's device time, the kernel's share p of the whole and what Amdahl's law (amdahl.cpp) says a
// faster kernel can give the whole program. The host side is in stages.cpp; the phases' check and
// tables are Measure's (hoc/measure/timeline.hpp).
#include <iostream>

#include "amdahl.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/matmul/matmul_host.hpp"

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
    // Refused (exit status 2) where the device or the host cannot hold them; vadd and matmul run one
    // after the other, each checked alone. vadd: A, B, C read back twice, the reference and the three
    // pinned host arrays (buffers too, so on the device as well); matmul: A, B, C, the reference and
    // its bounds (requireMatrices); on a device in host memory the three buffers of each too.
    const double vector = sizeof(float) * static_cast<double>(n);
    hoc::requireBuffers(device, vector, 6, "vadd of " + std::to_string(n) + " elements");
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(d.m * d.k), 3, "matmul " + d.text());
    hoc::requireHostMemory(hoc::hostBytes(device, 7 * vector, 6 * vector),
                           "vadd of " + std::to_string(n) + " elements");
    hoc::matmul::requireMatrices(device, d);

    // A run's row of the tables, and its check: the result's, and the phases' own.
    std::vector<hoc::PhaseRow> rows;
    const auto phases = [&](const std::string& row, const ProgramRun& run, const hoc::CheckResult& result) {
        rows.push_back({row, run.phases.write, run.phases.kernel, run.phases.read, run.phases.whole});
        return hoc::withPhases(result, rows.back(), "phasesOf's times", "is amdahl.cpp still the starter?");
    };
    Amdahl amdahl(device);
    {  // vadd, from ordinary and then from pinned host arrays: 3 floats per element moved by the kernel
        const std::vector<float> a = hoc::randomFloats(n, 25), b = hoc::randomFloats(n, 26);
        const std::vector<float> expected = hoc::ref::vadd(a, b);
        for (const bool pinned : {false, true}) {
            const std::string row = pinned ? "pinned" : "vadd", name = pinned ? "vadd pinned" : "vadd";
            const ProgramRun run = amdahl.vadd(a, b, repeats, pinned);
            if (!run.ran) {  // the pinned run of a PinnedFloats not written yet
                std::cout << name << ": not run: PinnedFloats (amdahl.cpp) is step 7, not written yet\n";
                continue;
            }
            const hoc::CheckResult check = phases(row, run, hoc::compare(expected, run.out));
            for (const auto& [part, seconds] :
                 {std::pair{", kernel alone", run.phases.kernel}, std::pair{", whole program", run.phases.whole}})
                report.bandwidth(name + part, "N = " + hoc::sizeText(n), check, {seconds, 0}, 3 * vector);
        }
    }
    {  // matmul with Exercise 04's kernel, then the same program with Exercise 09's faster blocked one
        const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
        for (const MatmulKernel k : {MatmulKernel::element, MatmulKernel::blocked}) {
            const bool blocked = k == MatmulKernel::blocked;
            const ProgramRun run = amdahl.matmul(in.a, in.b, d, repeats, k);
            const hoc::CheckResult check = phases(blocked ? "blocked" : "matmul", run,
                                                  hoc::matmul::check(in.a, in.b, run.out, d));
            const std::string name = blocked ? "matmul blocked" : "matmul";
            for (const auto& [part, seconds] :
                 {std::pair{", kernel alone", run.phases.kernel}, std::pair{", whole program", run.phases.whole}})
                report.flops(name + part, d.text(), check, {seconds, 0}, d.flops());
        }
    }

    const auto row = [&](const std::string& name) -> const hoc::PhaseRow* {
        for (const hoc::PhaseRow& r : rows)
            if (r.name == name)
                return &r;
        return nullptr;
    };
    hoc::printPhases(std::cout, rows, repeats.runs, amdahlSpeedup);
    // Step 4's prediction against this run's own p, under the table (never the answer itself). The
    // last line says only whether a prediction is made, so that an output shown before step 4 is
    // answered can end with it and leave the table and this line out.
    const Program mine = worthAFasterKernel();
    if (mine != Program::none && row("vadd") && row("matmul")) {
        const double vaddP = row("vadd")->kernel / row("vadd")->whole,
                     matmulP = row("matmul")->kernel / row("matmul")->whole;
        const Program larger = matmulP >= vaddP ? Program::matmul : Program::vadd;
        std::cout << "this run's p against your step 4: " << (mine == larger ? "agrees" : "does not agree") << "\n";
    }
    if (row("vadd") && row("pinned"))  // the pinned row is there once step 7 is written
        hoc::printPinnedAgainstPageable(std::cout, *row("vadd"), *row("pinned"));
    if (row("matmul") && row("blocked"))  // the law against a measurement
        hoc::printLawAgainstMeasurement(
            std::cout, "Exercise 09's blocked kernel in the same program, matmul " + d.text(),
            "element kernel / blocked kernel", *row("matmul"), *row("blocked"), amdahlSpeedup);
    std::cout << "your prediction of step 4 (worthAFasterKernel in amdahl.cpp): "
              << (mine == Program::none ? "not made yet"
                                        : "made; the tests check it for a GPU, the line under the table against this "
                                          "run's p")
              << "\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
