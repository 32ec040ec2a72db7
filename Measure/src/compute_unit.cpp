#include "hoc/measure/compute_unit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <ostream>
#include <regex>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/report.hpp"

namespace hoc {

namespace {

// cl_nv_device_attribute_query (NVIDIA's OpenCL extension): the compute capability.
constexpr cl_device_info kComputeCapabilityMajorNV = 0x4000;
constexpr cl_device_info kComputeCapabilityMinorNV = 0x4001;

cl_uint nvInfo(const cl::Device& device, cl_device_info what)
{
    cl_uint value = 0;
    const cl_int status = clGetDeviceInfo(device(), what, sizeof value, &value, nullptr);
    if (status != CL_SUCCESS)
        throw cl::Error(status, "clGetDeviceInfo (cl_nv_device_attribute_query)");
    return value;
}

std::string allowed(const std::optional<std::size_t>& value) { return value ? std::to_string(*value) : "-"; }

}  // namespace

bool hasExtension(const cl::Device& device, const std::string& name)
{
    return (" " + device.getInfo<CL_DEVICE_EXTENSIONS>() + " ").find(" " + name + " ") != std::string::npos;
}

std::size_t registersFromBuildLog(const std::string& log)
{
    std::smatch match;
    static const std::regex used("Used ([0-9]+) registers");
    return std::regex_search(log, match, used) ? std::stoul(match[1]) : 0;
}

ComputeUnitLimits hopperLimits()
{
    // NVIDIA's figures for compute capability 9.0, as the CUDA driver reports them for an H100
    // (cuDeviceGetAttribute, 2026-11-27: the measurements page of Exercise 23 in docs/measurements/). cuda.h's words:
    ComputeUnitLimits cu;
    cu.workItems = 2048;              // "Maximum resident threads per multiprocessor"
    cu.workGroups = 32;               // "Maximum number of blocks per multiprocessor"
    cu.localBytes = 228 * 1024;       // "Maximum shared memory available per multiprocessor in bytes"
    cu.localReservedPerGroup = 1024;  // "Shared memory reserved by CUDA driver per block in bytes"
    cu.registers = 64 * 1024;         // "Maximum number of 32-bit registers available per multiprocessor"
    cu.source = "compute capability 9.0, NVIDIA's figures (the CUDA driver's cuDeviceGetAttribute on an H100), "
                "not OpenCL's";
    return cu;
}

ComputeUnitLimits documentedLimits(const cl::Device& device)
{
    ComputeUnitLimits cu;
    if (!hasExtension(device, "cl_nv_device_attribute_query")) {
        cu.source = "none known for this device (OpenCL reports no per-compute-unit limits)";
        return cu;
    }
    const cl_uint major = nvInfo(device, kComputeCapabilityMajorNV), minor = nvInfo(device, kComputeCapabilityMinorNV);
    const std::string cc = std::to_string(major) + "." + std::to_string(minor);
    if (cc != "9.0") {
        cu.source = "none known for compute capability " + cc + " (the course has the figures of 9.0 only)";
        return cu;
    }
    return hopperLimits();
}

double occupancy(const ComputeUnitLimits& cu, const OccupancyFit& fit)
{
    if (cu.workItems == 0)
        return 0;
    return static_cast<double>(fit.groups * fit.slots) / static_cast<double>(cu.workItems);
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
        throw Failure("no --array-kb size fits CL_DEVICE_LOCAL_MEM_SIZE (" + std::to_string(deviceLocal) + " bytes)");
    return sizes;
}

std::vector<float> referenceStage(const std::vector<float>& in, std::size_t local)
{
    std::vector<float> out(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::size_t next = i - i % local + (i % local + 1) % local;  // the next one of its group, wrapped
        out[i] = in[i] + (next < in.size() ? in[next] : 0.0f);
    }
    return out;
}

void requireStage(const cl::Device& device, std::size_t n, std::size_t localFloats, std::size_t local)
{
    if (n == 0 || n > UINT32_MAX)
        throw Failure("occupancy: " + std::to_string(n) + " floats; need 1 to 2^32 - 1 (the kernel's uint)");
    if (local == 0 || localFloats < local)
        throw Failure("occupancy: an array of " + std::to_string(localFloats) + " floats for work-groups of " +
                      std::to_string(local) + "; it needs one float per work-item");
    requireLocalMemory(device, sizeof(float) * localFloats,
                       "a __local array of " + std::to_string(localFloats) + " floats");
}

StageRun runStage(const cl::CommandQueue& queue, const cl::Program& program, std::size_t localFloats,
                  const std::vector<float>& h_in, std::size_t local, const Repeats& repeats)
{
    const std::size_t n = h_in.size();
    const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
    const cl::Context context = queue.getInfo<CL_QUEUE_CONTEXT>();
    cl::CommandQueue q = queue;
    requireStage(device, n, localFloats, local);
    const std::string what = "a __local array of " + std::to_string(localFloats) + " floats";
    cl::Kernel kernel(program, "stage");
    requireWorkGroupSize(kernel, device, local, "work-groups of " + std::to_string(local));
    requireLocalMemory(kernel, device, 0, what);

    StageRun result;
    result.footprint.workGroupSize = local;
    result.footprint.maxWorkGroupSize = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    result.footprint.multiple = kernel.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(device);
    result.footprint.localBytes = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
    result.footprint.privateBytes = kernel.getWorkGroupInfo<CL_KERNEL_PRIVATE_MEM_SIZE>(device);
    result.footprint.registersPerWorkItem = registersFromBuildLog(program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device));

    cl::Buffer d_in(q, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context, CL_MEM_WRITE_ONLY, sizeof(float) * n);
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl_uint> stage(kernel);
    const cl::NDRange global(roundUp(n, local));
    result.seconds = medianSeconds(repeats, [&] {
        cl::Event done = stage(cl::EnqueueArgs(q, global, cl::NDRange(local)), d_in, d_out, static_cast<cl_uint>(n));
        return EventSpan{done, done};
    });
    result.out.resize(n);
    cl::copy(q, d_out, result.out.begin(), result.out.end());
    return result;
}

void printOccupancyTable(std::ostream& out, const ComputeUnitLimits& cu, std::size_t local,
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
        const double occ = occupancy(cu, row.fit);
        out << std::setw(3) << row.kb << " KB" << std::setw(9) << row.footprint.localBytes << std::setw(12)
            << allowed(row.fit.byWorkItems) << std::setw(13) << allowed(row.fit.byWorkGroups) << std::setw(11)
            << allowed(row.fit.byLocalMemory) << std::setw(11) << allowed(row.fit.byRegisters) << std::setw(5)
            << row.fit.groups << std::setw(14) << (row.fit.limit.empty() ? "-" : row.fit.limit) << std::setw(11)
            << (occ > 0 ? fixedText(100 * occ, 0) + "%" : "-") << std::setw(10) << fixedText(row.gbps, 1)
            << std::setw(9) << fixedText(row.gbps / rows.front().gbps, 2) << "\n";
    }
}

void printOccupancyPrediction(std::ostream& out, const FitFunction& fit, std::size_t firstKiBLimitedByLocalMemory,
                              double slotsFilledAt47KiB)
{
    // Step 3 worked out by `fit` on the H100's figures: work-groups of 256 in warps of 32, arrays of
    // whole KiB taking the array + 4 bytes of local memory, registers left out.
    const ComputeUnitLimits h100 = hopperLimits();
    std::size_t first = 0;
    double filledAt47 = 0;
    for (std::size_t kib = 1; kib <= 47; ++kib) {
        const KernelFootprint kernel{256, 1024, 32, kib * 1024 + 4, 0, 0};
        const OccupancyFit f = fit(h100, kernel);
        if (first == 0 && f.limit == "local memory")
            first = kib;
        filledAt47 = occupancy(h100, f);
    }
    out << "your prediction for the H100 (stepThreePrediction, work-groups of 256) against your fitPerComputeUnit "
           "on the H100's figures: ";
    if (firstKiBLimitedByLocalMemory == 0 && slotsFilledAt47KiB == 0) {
        out << "not made yet (step 3)\n";
        return;
    }
    const auto agrees = [](bool same) { return same ? "agrees" : "does not agree"; };
    out << "the first array limited by local memory " << agrees(firstKiBLimitedByLocalMemory == first)
        << ", the slots filled at 47 KB " << agrees(std::abs(slotsFilledAt47KiB - filledAt47) < 0.005)
        << " (the tests check both against the figures themselves)\n";
}

}  // namespace hoc
