// Exercise 23: the driver. For each size of the kernel's __local array it builds the kernel, reads
// its footprint from the runtime, works out how many work-groups fit on a compute unit
// (fitPerComputeUnit, the lesson) and measures the kernel, checked against the serial reference:
// one table of prediction beside measurement. The OpenCL work is in stage.cpp; the compute unit's
// figures, the array sizes and the tables are Measure's (hoc/measure/compute_unit.hpp).
#include <algorithm>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/measure/compute_unit_main.hpp"
#include "occupancy.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 24, local = 256;
    std::vector<std::size_t> arrayKb = {1, 8, 16, 24, 28, 32, 40, 47};
    hoc::Repeats repeats;     // one warm-up, then the timed runs
    ComputeUnitLimits given;  // the compute unit's figures, where the command line gives them
    cli.sizeOption("-n,--size", n, "Floats (at most 2^32 - 1)", UINT32_MAX);
    cli.sizeOption("--local", local, "Work-group size", 1u << 16);
    cli.sizesOption("--array-kb", arrayKb,
                    "Sizes of the kernel's __local array, in KiB (default: those below CL_DEVICE_LOCAL_MEM_SIZE)",
                    1u << 20);
    cli.option("--runs", repeats.runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    hoc::addComputeUnitOptions(cli, given);       // --cu-work-items, --cu-groups, --cu-local-bytes, ...
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    hoc::requireFloatsInOut(device, n, std::to_string(n) + " floats");  // exit status 2 where they do not fit
    const ComputeUnitLimits cu = hoc::computeUnit(device, given, std::cout);
    const std::vector<std::size_t> sizes = hoc::arraySizes(arrayKb, cli.given("--array-kb"), device);

    const std::vector<float> in = hoc::randomFloats(n, 23);
    const std::vector<float> expected = hoc::referenceStage(in, local);
    Occupancy occupancyRun(device);
    const double bytes = 2.0 * sizeof(float) * static_cast<double>(n);  // each float read once, written once

    std::vector<hoc::OccupancyRow> rows;
    for (const std::size_t kb : sizes) {
        const std::size_t floats = std::max(kb * 1024 / sizeof(float), local);
        const hoc::StageRun r = occupancyRun.run(in, floats, local, repeats);
        const Fit fit = fitPerComputeUnit(cu, r.footprint);
        report.bandwidth("stage, " + std::to_string(kb) + " KiB array", "N = " + hoc::sizeText(n),
                         hoc::compare(expected, r.out), {r.seconds, 0}, bytes);
        rows.push_back({kb, r.footprint, fit, hoc::gbps(bytes, r.seconds)});
    }

    hoc::printOccupancyTable(std::cout, cu, local, rows);
    const Prediction mine = stepThreePrediction();  // step 3's, for the H100: compare it with an H100 run's table
    hoc::printOccupancyPrediction(std::cout, fitPerComputeUnit, mine.firstKiBLimitedByLocalMemory,
                                  mine.slotsFilledAt47KiB);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
