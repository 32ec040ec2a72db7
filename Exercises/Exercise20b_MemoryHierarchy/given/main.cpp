// Exercise 20b: the driver. Measures the four levels of 000's memory hierarchy on one device, each
// result checked: the host level by copies from pageable and from pinned host memory, each way;
// global memory by the roofline's read probe and by strided reads (004 §4.13's bursts); local memory
// by your local_read; private memory by the FMA probe. Then the two tables (table.cpp).
#include <algorithm>
#include <iostream>
#include <string>

#include "hierarchy.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/measure/bandwidth.hpp"
#include "hoc/measure/roofs.hpp"
#include "hoc/measure/transfer.hpp"
#include "table.hpp"

namespace {

// A probe's vectors as "16-float loads x 16": the fastest candidate differs between devices and
// runs, so its widths are printed as numbers of their own. Read kernels are named read_floatW
// (read_float for W = 1).
std::string readShapeText(const hoc::ReadRuns& r)
{
    const std::string width = r.kernel.substr(r.kernel.find("float") + 5);
    return (width.empty() ? "1" : width) + "-float loads x " + std::to_string(r.perItem);
}

std::string fmaShapeText(const hoc::FmaShape& shape)
{
    return std::to_string(shape.width) + "-float vectors x " + std::to_string(shape.vectors);
}

}  // namespace

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
    strides.insert(strides.begin(), 1);
    std::sort(strides.begin(), strides.end());
    strides.erase(std::unique(strides.begin(), strides.end()), strides.end());
    const std::size_t perGroup = kPerItem * kStridedGroup;
    for (const std::size_t s : strides)
        if (n % (s * perGroup) != 0)
            throw hoc::UsageError("--size " + std::to_string(n) + ": strided_read at stride " + std::to_string(s) +
                                  " reads one float in " + std::to_string(s) + " in work-groups of " +
                                  std::to_string(perGroup) + " reads: the size must be a multiple of " +
                                  std::to_string(s * perGroup) + " (e.g. a power of two from " +
                                  std::to_string(strides.back() * perGroup) + ")");
    // The global probes hold the input and the read probe's copy on the host, one buffer each on the device.
    hoc::requireBuffers(device, static_cast<double>(n) * sizeof(float), 2, "--size " + std::to_string(n));
    hoc::requireHostMemory(hoc::hostBytes(device, 2.0 * sizeof(float) * static_cast<double>(n),
                                          2.0 * sizeof(float) * static_cast<double>(n)),
                           "--size " + std::to_string(n));
    if (!kernelsOnly) {
        if (transfer == 0)
            transfer = hoc::TransferBenchmark::defaultFloats(device);
        hoc::TransferBenchmark::require(device, transfer, "--transfer-size " + std::to_string(transfer));
    }

    Levels levels;
    levels.rounds = rounds;
    const auto median = [](const std::vector<double>& s) { return hoc::median(s); };

    // The host level: copies each way, from pageable and from pinned host memory.
    if (!kernelsOnly) {
        hoc::TransferBenchmark copies(device);
        const std::string size = "N = " + hoc::sizeText(transfer) + " floats";
        for (const hoc::HostBuffer kind : {hoc::HostBuffer::pageable, hoc::HostBuffer::pinned}) {
            const hoc::TransferRuns t = copies.runs(transfer, kind, repeats);
            const bool pinned = kind == hoc::HostBuffer::pinned;
            const std::string from = pinned ? "pinned" : "pageable";
            report.bandwidth("host -> device, " + from, size, t.check, {median(t.writeSeconds), 0}, t.bytes);
            report.bandwidth("device -> host, " + from, size, t.check, {median(t.readSeconds), 0}, t.bytes);
            (pinned ? levels.pinnedWriteGbps : levels.pageableWriteGbps) = hoc::gbps(t.bytes, median(t.writeSeconds));
            (pinned ? levels.pinnedReadGbps : levels.pageableReadGbps) = hoc::gbps(t.bytes, median(t.readSeconds));
        }
    }

    // Global memory: the roofline's read probe (its fastest candidate), then the strided reads.
    if (!kernelsOnly) {
        hoc::ReadBenchmark read(device);
        const hoc::ReadRuns r = read.runs(n, repeats);
        levels.globalKernel = readShapeText(r);
        report.bandwidth("global memory, read probe (" + levels.globalKernel + ")", "N = " + hoc::sizeText(n), r.check,
                         {median(r.seconds), 0}, r.bytes);
        levels.globalGbps = hoc::gbps(r.bytes, median(r.seconds));
    }
    Hierarchy hierarchy(device);
    std::vector<StrideRow> strideRows;
    {
        const std::vector<float> in = wholeNumbers(n);
        for (const std::size_t s : strides) {
            StridedRun r = hierarchy.strided(in, s, repeats);
            report.bandwidth("global memory, strided_read, stride " + std::to_string(s), "N = " + hoc::sizeText(n),
                             hoc::compare(referenceStrided(in, s), r.out), {r.seconds, 0},
                             static_cast<double>(r.reads) * sizeof(float));
            strideRows.push_back({s, r.reads, r.seconds});
        }
    }

    // Local memory: your local_read, one block per work-group, `rounds` reads of it per work-item.
    {
        const std::size_t groups = groupsPerCu * device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
        const std::vector<float> in = wholeNumbers(groups * 4 * kTile);
        const LocalRun r = hierarchy.local(in, local, rounds, repeats);
        report.bandwidth("local memory, local_read, " + std::to_string(rounds) + " rounds",
                         std::to_string(r.groups) + " work-groups of " + std::to_string(r.local),
                         hoc::compare(referenceLocal(in, r.local, rounds), r.out), {r.seconds, 0}, r.localBytes());
        levels.localGbps = hoc::gbps(r.localBytes(), r.seconds);
    }

    // Private memory: registers, read by the FMA probe's chains of fused multiply-adds.
    if (!kernelsOnly) {
        hoc::FmaBenchmark fma(device);
        const hoc::FmaRuns r = fma.runs(fmaItems, iterations, repeats);
        report.flops("private memory, fma chains (" + fmaShapeText(r.shape) + ")",
                     std::to_string(r.workItems) + " work-items x " + std::to_string(r.chains) + " chains", r.check,
                     {median(r.seconds), 0}, r.flops);
        levels.fmaGflops = r.flops / median(r.seconds) * 1e-9;
    }

    printLevels(std::cout, device, levels);
    printStrides(std::cout, n, strideRows, levels.globalGbps);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
