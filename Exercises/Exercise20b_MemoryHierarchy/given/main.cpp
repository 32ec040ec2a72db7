// Exercise 20b: the driver. Measures the four levels of 000's memory hierarchy on one device, each
// result checked: the host level by copies from pageable and from pinned host memory, each way;
// global memory by the roofline's read probe and by strided reads (004 §4.13's bursts); local memory
// by your local_read; private memory by the FMA probe. Then the two tables. The probes and the tables
// are Measure's (hoc/measure/hierarchy.hpp); the strided and local reads are this room's (hierarchy.cpp).
#include <algorithm>
#include <iostream>
#include <string>

#include "hierarchy.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/measure/hierarchy.hpp"
#include "hoc/measure/transfer.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 26;
    std::size_t transfer = 0;
    std::vector<std::size_t> strides = {2, 4, 8, 16, 32, 64};
    std::size_t local = 0, groupsPerCu = 8;
    int rounds = 64, iterations = 1024;
    std::size_t fmaItems = 0;
    bool kernelsOnly = false;
    hoc::Repeats repeats;  // one warm-up, then the timed runs
    cli.sizeOption("-n,--size", n, "Floats of the global-memory probes' buffer", kMaxFloats);
    cli.sizeOption("--transfer-size", transfer,
                   "Floats of each copy between host and device (default 2^26, less "
                   "where the device or this machine cannot hold them)",
                   kMaxFloats);
    cli.sizesOption("--strides", strides, "Strides of the strided reads, after stride 1 (a float in every s)", 4096);
    cli.sizeOption("--local", local, "local_read's work-group size (default 256, or less where the kernel allows less)",
                   static_cast<std::size_t>(kTile));
    cli.sizeOption("--groups-per-cu", groupsPerCu, "local_read's work-groups per compute unit", 1024);
    cli.option("--rounds", rounds, "Times each work-item of local_read reads its block", 1, kMaxRounds);
    cli.option("--fma-iterations", iterations, "Steps of each fma chain of the FMA probe", 1, 1 << 20);
    cli.sizeOption("--fma-items", fmaItems, "Work-items of the FMA probe (default 2048 per compute unit)", 1u << 24);
    cli.option("--runs", repeats.runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.flag("--kernels-only", kernelsOnly,
             "Run only the kernels of hierarchy.cl (strided_read, local_read), not the copies and the read and FMA "
             "probes (the oclgrind check)");
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    // The strides: 1 first (the yardstick of the bytes per float), each dividing the buffer into whole
    // work-groups of reads.
    strides = hoc::stridesToRun(strides, n);
    hoc::requireGlobalProbes(device, n);  // exit status 2 where the device or the host cannot hold them
    if (!kernelsOnly) {
        if (transfer == 0)
            transfer = hoc::TransferBenchmark::defaultFloats(device);
        hoc::TransferBenchmark::require(device, transfer, "--transfer-size " + std::to_string(transfer));
    }

    hoc::MemoryLevels levels;
    levels.rounds = rounds;
    if (!kernelsOnly) {
        hoc::measureHostLevel(device, transfer, repeats, report, levels);  // copies each way, pageable and pinned
        hoc::measureGlobalRead(device, n, repeats, report, levels);        // the roofline's read probe
    }
    Hierarchy hierarchy(device);
    const std::vector<hoc::StrideRow> strideRows = hoc::measureStrides(
        n, strides, report,
        [&](const std::vector<float>& in, std::size_t s) { return hierarchy.strided(in, s, repeats); });

    // Local memory: your local_read, one block per work-group, `rounds` reads of it per work-item.
    hoc::measureLocalLevel(device, groupsPerCu, report, levels,
                           [&](const std::vector<float>& in) { return hierarchy.local(in, local, rounds, repeats); });

    // Private memory: registers, read by the FMA probe's chains of fused multiply-adds.
    if (!kernelsOnly)
        hoc::measurePrivateLevel(device, fmaItems, iterations, repeats, report, levels);

    hoc::printMemoryLevels(std::cout, device, levels);
    hoc::printStrides(std::cout, n, strideRows, levels.globalGbps);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
