// Exercise 23: the driver. For each size of the kernel's __local array it builds the kernel, reads
// its footprint from the runtime, works out how many work-groups fit on a compute unit
// (fitPerComputeUnit, the lesson) and measures the kernel, checked against the serial reference:
// one table of prediction beside measurement. The OpenCL work is in stage.cpp, the figures and
// tables around the runs and the command line in table.cpp.
#include <algorithm>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "occupancy.hpp"
#include "table.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    Options opt;
    opt.add(cli);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    hoc::requireFloatsInOut(device, opt.n, std::to_string(opt.n) + " floats");  // exit status 2 where they do not fit
    const ComputeUnitLimits cu = computeUnit(device, opt.given, std::cout);
    const std::vector<std::size_t> sizes = arraySizes(opt.arrayKb, cli.given("--array-kb"), device);

    const std::vector<float> in = hoc::randomFloats(opt.n, 23);
    const std::vector<float> expected = referenceStage(in, opt.local);
    Occupancy occupancyRun(device);
    const double bytes = 2.0 * sizeof(float) * static_cast<double>(opt.n);  // each float read once, written once

    std::vector<OccupancyRow> rows;
    for (const std::size_t kb : sizes) {
        const std::size_t floats = std::max(kb * 1024 / sizeof(float), opt.local);
        const StageRun r = occupancyRun.run(in, floats, opt.local, opt.repeats);
        const Fit fit = fitPerComputeUnit(cu, r.footprint);
        report.bandwidth("stage, " + std::to_string(kb) + " KiB array", "N = " + hoc::sizeText(opt.n),
                         hoc::compare(expected, r.out), {r.seconds, 0}, bytes);
        rows.push_back({kb, r.footprint, fit, hoc::gbps(bytes, r.seconds)});
    }

    printTable(std::cout, cu, opt.local, rows);
    printPrediction(std::cout);  // step 3's, for the H100: compare it with an H100 run's table
    return cli.finish(report);   // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
