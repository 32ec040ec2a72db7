#include "table.hpp"

#include <cmath>
#include <cstdint>
#include <iomanip>
#include <ostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"

namespace {

std::string allowed(const std::optional<std::size_t>& value) { return value ? std::to_string(*value) : "-"; }

}  // namespace

void Options::add(hoc::CommandLine& cli)
{
    cli.sizeOption("-n,--size", n, "Floats (at most 2^32 - 1)", UINT32_MAX);
    cli.sizeOption("--local", local, "Work-group size", 1u << 16);
    cli.sizesOption("--array-kb", arrayKb,
                    "Sizes of the kernel's __local array, in KiB (default: those below CL_DEVICE_LOCAL_MEM_SIZE)",
                    1u << 20);
    cli.option("--runs", repeats.runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.sizeOption("--cu-work-items", given.workItems,
                   "Per compute unit: resident work-items (any --cu-* option replaces all the known figures)");
    cli.sizeOption("--cu-groups", given.workGroups, "Per compute unit: resident work-groups");
    cli.sizeOption("--cu-local-bytes", given.localBytes, "Per compute unit: local memory in bytes");
    cli.sizeOption("--cu-reserved", given.localReservedPerGroup,
                   "Per work-group: local memory in bytes the runtime keeps");
    cli.sizeOption("--cu-registers", given.registers, "Per compute unit: 32-bit registers");
}

ComputeUnitLimits computeUnit(const cl::Device& device, const ComputeUnitLimits& given, std::ostream& out)
{
    ComputeUnitLimits cu = documentedLimits(device);
    const bool fromCommandLine = given.workItems || given.workGroups || given.localBytes || given.registers;
    if (fromCommandLine)
        cu = ComputeUnitLimits{given.workItems, given.workGroups,  given.localBytes, given.localReservedPerGroup,
                               given.registers, "the command line"};
    const auto known = [](std::size_t value) { return value ? std::to_string(value) : std::string("?"); };
    out << "per compute unit (?: not known): " << known(cu.workItems) << " work-items, " << known(cu.workGroups)
        << " work-groups, " << known(cu.localBytes) << " bytes of local memory (" << cu.localReservedPerGroup
        << " more per work-group), " << known(cu.registers) << " registers\n  from " << cu.source << "\n"
        << "OpenCL: " << device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>() << " compute units, CL_DEVICE_LOCAL_MEM_SIZE "
        << device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>() << " bytes (what one work-group may have)\n";
    return cu;
}

std::vector<std::size_t> arraySizes(const std::vector<std::size_t>& arrayKb, bool given, const cl::Device& device)
{
    const std::size_t deviceLocal = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    std::vector<std::size_t> sizes;
    for (const std::size_t kb : arrayKb)
        if (given || kb * 1024 < deviceLocal)
            sizes.push_back(kb);
    if (sizes.empty())
        throw hoc::Failure("no --array-kb size fits CL_DEVICE_LOCAL_MEM_SIZE (" + std::to_string(deviceLocal) +
                           " bytes)");
    return sizes;
}

void printTable(std::ostream& out, const ComputeUnitLimits& cu, std::size_t local,
                const std::vector<OccupancyRow>& rows)
{
    const KernelFootprint& first = rows.front().footprint;
    out << "kernel stage in work-groups of " << local << ": CL_KERNEL_WORK_GROUP_SIZE " << first.maxWorkGroupSize
        << ", preferred multiple " << first.multiple << ", private memory " << first.privateBytes
        << " bytes, registers per work-item "
        << (first.registersPerWorkItem ? std::to_string(first.registersPerWorkItem) + " (build log)"
                                       : "not in the build log")
        << "\nwork-groups per compute unit as each resource allows (-: not known), the fewest (fit), and GB/s "
           "measured\n";
    out << std::setw(6) << "array" << std::setw(9) << "local B" << std::setw(12) << "work-items" << std::setw(13)
        << "work-groups" << std::setw(11) << "local mem" << std::setw(11) << "registers" << std::setw(5) << "fit"
        << std::setw(14) << "limited by" << std::setw(11) << "occupancy" << std::setw(10) << "GB/s" << std::setw(9)
        << "x first" << "\n";
    for (const OccupancyRow& row : rows) {
        const double occ = occupancy(cu, row.footprint, row.fit);
        out << std::setw(3) << row.kb << " KB" << std::setw(9) << row.footprint.localBytes << std::setw(12)
            << allowed(row.fit.byWorkItems) << std::setw(13) << allowed(row.fit.byWorkGroups) << std::setw(11)
            << allowed(row.fit.byLocalMemory) << std::setw(11) << allowed(row.fit.byRegisters) << std::setw(5)
            << row.fit.groups << std::setw(14) << (row.fit.limit.empty() ? "-" : row.fit.limit) << std::setw(11)
            << (occ > 0 ? hoc::fixedText(100 * occ, 0) + "%" : "-") << std::setw(10) << hoc::fixedText(row.gbps, 1)
            << std::setw(9) << hoc::fixedText(row.gbps / rows.front().gbps, 2) << "\n";
    }
}

void printPrediction(std::ostream& out)
{
    // Step 3 worked out by fitPerComputeUnit on the H100's figures: work-groups of 256 in warps of 32,
    // arrays of whole KiB taking the array + 4 bytes of local memory, registers left out.
    const ComputeUnitLimits h100 = hopperLimits();
    std::size_t first = 0;
    double filledAt47 = 0;
    for (std::size_t kib = 1; kib <= 47; ++kib) {
        const KernelFootprint kernel{256, 1024, 32, kib * 1024 + 4, 0, 0};
        const Fit fit = fitPerComputeUnit(h100, kernel);
        if (first == 0 && fit.limit == "local memory")
            first = kib;
        filledAt47 = occupancy(h100, kernel, fit);
    }
    const Prediction mine = stepThreePrediction();
    out << "your prediction for the H100 (stepThreePrediction, work-groups of 256) against your fitPerComputeUnit "
           "on the H100's figures: ";
    if (mine.firstKiBLimitedByLocalMemory == 0 && mine.slotsFilledAt47KiB == 0) {
        out << "not made yet (step 3)\n";
        return;
    }
    const auto agrees = [](bool same) { return same ? "agrees" : "does not agree"; };
    out << "the first array limited by local memory " << agrees(mine.firstKiBLimitedByLocalMemory == first)
        << ", the slots filled at 47 KB " << agrees(std::abs(mine.slotsFilledAt47KiB - filledAt47) < 0.005)
        << " (the tests check both against the figures themselves)\n";
}
