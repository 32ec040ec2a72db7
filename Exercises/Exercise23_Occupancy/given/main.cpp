// Exercise 23: the driver. For each size of the kernel's __local array it builds the kernel, reads
// its footprint from the runtime, works out how many work-groups fit on a compute unit
// (fitPerComputeUnit, the lesson) and measures the kernel, checked against the serial reference:
// one table of prediction beside measurement. The OpenCL work is in stage.cpp.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/cli/main.hpp"
#include "occupancy.hpp"

namespace {

std::string allowed(const std::optional<std::size_t>& value) { return value ? std::to_string(*value) : "-"; }

std::string fixed(double value, int digits)
{
    std::ostringstream text;
    text << std::fixed << std::setprecision(digits) << value;
    return text.str();
}

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise23_Occupancy",
                         "Exercise 23: occupancy, work-groups per compute unit as local memory grows");
    std::size_t n = std::size_t{1} << 24;
    std::size_t local = 256;
    std::vector<std::size_t> arrayKb = {1, 8, 16, 24, 28, 32, 40, 47};
    bool arrayGiven = false;
    long runs = 5;
    ComputeUnitLimits given;
    cli.sizeOption("-n,--size", n, "Floats (at most 2^32 - 1)", UINT32_MAX);
    cli.sizeOption("--local", local, "Work-group size", 1u << 16);
    cli.sizesOption("--array-kb", arrayKb,
                    "Sizes of the kernel's __local array, in KiB (default: those below CL_DEVICE_LOCAL_MEM_SIZE)",
                    1u << 20);
    cli.option("--runs", runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.sizeOption("--cu-work-items", given.workItems,
                   "Per compute unit: resident work-items (any --cu-* option replaces all the known figures)");
    cli.sizeOption("--cu-groups", given.workGroups, "Per compute unit: resident work-groups");
    cli.sizeOption("--cu-local-bytes", given.localBytes, "Per compute unit: local memory in bytes");
    cli.sizeOption("--cu-reserved", given.localReservedPerGroup,
                   "Per work-group: local memory in bytes the runtime keeps");
    cli.sizeOption("--cu-registers", given.registers, "Per compute unit: 32-bit registers");
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;
    arrayGiven = std::any_of(argv + 1, argv + argc, [](const char* a) {
        return std::string(a) == "--array-kb" || std::string(a).rfind("--array-kb=", 0) == 0;
    });

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(n), 2, std::to_string(n) + " floats");
    // The input, the reference and the result read back; on a device in host memory its two buffers too.
    const double vector = sizeof(float) * static_cast<double>(n);
    hoc::requireHostMemory(hoc::hostBytes(device, 3 * vector, 2 * vector), std::to_string(n) + " floats");

    // The compute unit: NVIDIA's figures where known, or the command line's (all of them) where it gives any.
    ComputeUnitLimits cu = documentedLimits(device);
    const bool fromCommandLine = given.workItems || given.workGroups || given.localBytes || given.registers;
    if (fromCommandLine)
        cu = ComputeUnitLimits{given.workItems, given.workGroups,  given.localBytes, given.localReservedPerGroup,
                               given.registers, "the command line"};
    const std::size_t deviceLocal = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    const auto known = [](std::size_t value) { return value ? std::to_string(value) : std::string("?"); };
    std::cout << "per compute unit (?: not known): " << known(cu.workItems) << " work-items, " << known(cu.workGroups)
              << " work-groups, " << known(cu.localBytes) << " bytes of local memory (" << cu.localReservedPerGroup
              << " more per work-group), " << known(cu.registers) << " registers\n  from " << cu.source << "\n"
              << "OpenCL: " << device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()
              << " compute units, CL_DEVICE_LOCAL_MEM_SIZE " << deviceLocal
              << " bytes (what one work-group may have)\n";

    // The array sizes: by default those below one work-group's local memory (47 KiB, not 48: the
    // kernel may keep a few bytes of its own, as NVIDIA's does).
    std::vector<std::size_t> sizes;
    for (const std::size_t kb : arrayKb)
        if (arrayGiven || kb * 1024 < deviceLocal)
            sizes.push_back(kb);
    if (sizes.empty())
        throw hoc::Failure("no --array-kb size fits CL_DEVICE_LOCAL_MEM_SIZE (" + std::to_string(deviceLocal) +
                           " bytes)");

    const std::vector<float> in = hoc::randomFloats(n, 23);
    const std::vector<float> expected = referenceStage(in, local);
    Occupancy occupancyRun(device);
    const hoc::Repeats repeats{1, static_cast<int>(runs)};
    const double bytes = 2.0 * sizeof(float) * static_cast<double>(n);  // each float read once, written once

    struct Row {
        std::size_t kb;
        KernelFootprint footprint;
        Fit fit;
        double gbps;
    };
    std::vector<Row> rows;
    for (const std::size_t kb : sizes) {
        const std::size_t floats = std::max(kb * 1024 / sizeof(float), local);
        const StageRun r = occupancyRun.run(in, floats, local, repeats);
        const Fit fit = fitPerComputeUnit(cu, r.footprint);
        report.bandwidth("stage, " + std::to_string(kb) + " KiB array", "N = " + hoc::sizeText(n),
                         hoc::compare(expected, r.out), {r.seconds, 0}, bytes);
        rows.push_back({kb, r.footprint, fit, hoc::gbps(bytes, r.seconds)});
    }

    const KernelFootprint& first = rows.front().footprint;
    std::cout << "kernel stage in work-groups of " << local << ": CL_KERNEL_WORK_GROUP_SIZE " << first.maxWorkGroupSize
              << ", preferred multiple " << first.multiple << ", private memory " << first.privateBytes
              << " bytes, registers per work-item "
              << (first.registersPerWorkItem ? std::to_string(first.registersPerWorkItem) + " (build log)"
                                             : "not in the build log")
              << "\nwork-groups per compute unit as each resource allows (-: not known), the fewest (fit), and GB/s "
                 "measured\n";
    std::cout << std::setw(6) << "array" << std::setw(9) << "local B" << std::setw(12) << "work-items" << std::setw(13)
              << "work-groups" << std::setw(11) << "local mem" << std::setw(11) << "registers" << std::setw(5) << "fit"
              << std::setw(14) << "limited by" << std::setw(11) << "occupancy" << std::setw(10) << "GB/s"
              << std::setw(9) << "x first" << "\n";
    for (const Row& row : rows) {
        const double occ = occupancy(cu, row.footprint, row.fit);
        std::cout << std::setw(3) << row.kb << " KB" << std::setw(9) << row.footprint.localBytes << std::setw(12)
                  << allowed(row.fit.byWorkItems) << std::setw(13) << allowed(row.fit.byWorkGroups) << std::setw(11)
                  << allowed(row.fit.byLocalMemory) << std::setw(11) << allowed(row.fit.byRegisters) << std::setw(5)
                  << row.fit.groups << std::setw(14) << (row.fit.limit.empty() ? "-" : row.fit.limit) << std::setw(11)
                  << (occ > 0 ? fixed(100 * occ, 0) + "%" : "-") << std::setw(10) << fixed(row.gbps, 1) << std::setw(9)
                  << fixed(row.gbps / rows.front().gbps, 2) << "\n";
    }
    // Step 3's prediction, for the H100 and work-groups of 256: compare it with an H100 run's table.
    const Prediction prediction = stepThreePrediction();
    std::cout << "your prediction for the H100 (stepThreePrediction, work-groups of 256): local memory limits from "
              << prediction.firstKiBLimitedByLocalMemory << " KB on; at 47 KB "
              << fixed(100 * prediction.slotsFilledAt47KiB, 0) << "% of the 2048 slots filled\n";
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
