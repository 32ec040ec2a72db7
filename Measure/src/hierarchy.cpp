#include "hoc/measure/hierarchy.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <unistd.h>

#include "hoc/common/check.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/sizes.hpp"
#include "hoc/measure/bandwidth.hpp"
#include "hoc/measure/roofs.hpp"
#include "hoc/measure/transfer.hpp"

namespace hoc {

namespace {

// This machine's memory (the host level's size), from the system; 0 when it cannot tell.
double hostMemoryBytes()
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 0;
}

std::string timesGlobal(double rate, double global)
{
    return global > 0 && rate > 0 ? fixedText(rate / global, rate / global >= 10 ? 0 : 2) : "-";
}

// A rate, or what a level not measured in this run shows.
std::string measuredText(double rate, const std::string& text)
{
    return rate > 0 ? text : "not measured (--kernels-only)";
}

double levelMedian(const std::vector<double>& seconds) { return median(seconds); }

}  // namespace

void measureHostLevel(const cl::Device& device, std::size_t floats, const Repeats& repeats, Report& report,
                      MemoryLevels& levels)
{
    TransferBenchmark copies(device);
    const std::string size = "N = " + sizeText(floats) + " floats";
    for (const HostBuffer kind : {HostBuffer::pageable, HostBuffer::pinned}) {
        const TransferRuns t = copies.runs(floats, kind, repeats);
        const bool pinned = kind == HostBuffer::pinned;
        const std::string from = pinned ? "pinned" : "pageable";
        report.bandwidth("host -> device, " + from, size, t.check, {levelMedian(t.writeSeconds), 0}, t.bytes);
        report.bandwidth("device -> host, " + from, size, t.check, {levelMedian(t.readSeconds), 0}, t.bytes);
        (pinned ? levels.pinnedWriteGbps : levels.pageableWriteGbps) = gbps(t.bytes, levelMedian(t.writeSeconds));
        (pinned ? levels.pinnedReadGbps : levels.pageableReadGbps) = gbps(t.bytes, levelMedian(t.readSeconds));
    }
}

void measureGlobalRead(const cl::Device& device, std::size_t floats, const Repeats& repeats, Report& report,
                       MemoryLevels& levels)
{
    ReadBenchmark read(device);
    const ReadRuns r = read.runs(floats, repeats);
    // The probe's vectors as "16-float loads x 16": the fastest candidate differs between devices and
    // runs. Read kernels are named read_floatW (read_float for W = 1).
    const std::string width = r.kernel.substr(r.kernel.find("float") + 5);
    levels.globalKernel = (width.empty() ? "1" : width) + "-float loads x " + std::to_string(r.perItem);
    report.bandwidth("global memory, read probe (" + levels.globalKernel + ")", "N = " + sizeText(floats), r.check,
                     {levelMedian(r.seconds), 0}, r.bytes);
    levels.globalGbps = gbps(r.bytes, levelMedian(r.seconds));
}

void measurePrivateLevel(const cl::Device& device, std::size_t workItems, int iterations, const Repeats& repeats,
                         Report& report, MemoryLevels& levels)
{
    FmaBenchmark fma(device);
    const FmaRuns r = fma.runs(workItems, iterations, repeats);
    const std::string shape = std::to_string(r.shape.width) + "-float vectors x " + std::to_string(r.shape.vectors);
    report.flops("private memory, fma chains (" + shape + ")",
                 std::to_string(r.workItems) + " work-items x " + std::to_string(r.chains) + " chains", r.check,
                 {levelMedian(r.seconds), 0}, r.flops);
    levels.fmaGflops = r.flops / levelMedian(r.seconds) * 1e-9;
}

void printMemoryLevels(std::ostream& out, const cl::Device& device, const MemoryLevels& l)
{
    const double host = hostMemoryBytes();
    const double global = static_cast<double>(device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>());
    const double local = static_cast<double>(device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());
    out << "\nthe hierarchy on this device: each level's size, its bandwidth measured above, and that bandwidth "
           "over global memory's read\n";
    out << std::left << std::setw(9) << "level" << std::setw(52) << "size" << std::setw(44) << "measured"
        << "x global\n";
    const auto row = [&](const std::string& level, const std::string& size, const std::string& measured,
                         const std::string& ratio) {
        out << std::left << std::setw(9) << level << std::setw(52) << size << std::setw(44) << measured << ratio
            << "\n";
    };
    const bool copies = l.pageableWriteGbps > 0;
    row("host", host > 0 ? memoryText(host) + " (this machine)" : "not known",
        measuredText(l.pageableWriteGbps, "pageable: write " + rateText(l.pageableWriteGbps) + ", read " +
                                              rateText(l.pageableReadGbps) + " GB/s"),
        copies ? timesGlobal(l.pageableWriteGbps, l.globalGbps) + ", " + timesGlobal(l.pageableReadGbps, l.globalGbps)
               : "-");
    if (copies)
        row("", "", "pinned: write " + rateText(l.pinnedWriteGbps) + ", read " + rateText(l.pinnedReadGbps) + " GB/s",
            timesGlobal(l.pinnedWriteGbps, l.globalGbps) + ", " + timesGlobal(l.pinnedReadGbps, l.globalGbps));
    row("global", memoryText(global) + " (CL_DEVICE_GLOBAL_MEM_SIZE)",
        measuredText(l.globalGbps, "read " + rateText(l.globalGbps) + " GB/s (" + l.globalKernel + ")"),
        l.globalGbps > 0 ? "1.00" : "-");
    row("local", memoryText(local) + " per work-group (CL_DEVICE_LOCAL_MEM_SIZE)",
        "read " + rateText(l.localGbps) + " GB/s (local_read, " + std::to_string(l.rounds) + " rounds)",
        timesGlobal(l.localGbps, l.globalGbps));
    // An fma reads three floats from registers: the rate at which private memory feeds the arithmetic.
    const double operandGbps = l.fmaGflops / 2 * 3 * sizeof(float);
    row("private", "not reported (registers)",
        measuredText(l.fmaGflops,
                     "fma " + rateText(l.fmaGflops) + " GFLOP/s: " + rateText(operandGbps) + " GB/s of operands"),
        timesGlobal(operandGbps, l.globalGbps));
}

std::vector<float> wholeNumbers(std::size_t n)
{
    std::vector<float> values(n);
    for (std::size_t i = 0; i < n; ++i)
        values[i] = static_cast<float>((i * 7 + i / 5) % 4);
    return values;
}

std::vector<float> referenceStrided(const std::vector<float>& in, std::size_t stride)
{
    const std::size_t workItems = in.size() / stride / kStridedPerItem;
    std::vector<float> out(workItems);
    for (std::size_t i = 0; i < workItems; ++i) {
        const std::size_t g = i / kStridedGroup, l = i % kStridedGroup;
        double sum = 0;
        for (std::size_t k = 0; k < kStridedPerItem; ++k)
            sum += in[(g * kStridedGroup * kStridedPerItem + l + k * kStridedGroup) * stride];
        out[i] = static_cast<float>(sum);
    }
    return out;
}

StridedRun runStrided(const cl::CommandQueue& queue, const cl::Kernel& kernel, const std::vector<float>& h_in,
                      std::size_t stride, std::size_t maxFloats, const Repeats& repeats)
{
    const std::size_t perGroup = kStridedPerItem * kStridedGroup;
    if (stride == 0 || h_in.size() > maxFloats || h_in.size() % stride != 0 || (h_in.size() / stride) % perGroup != 0)
        throw Failure("strided_read: " + std::to_string(h_in.size()) + " floats at stride " + std::to_string(stride) +
                      "; need a multiple of " + std::to_string(perGroup) + " reads, at most " + sizeText(maxFloats) +
                      " floats");
    const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
    const cl::Context context = queue.getInfo<CL_QUEUE_CONTEXT>();
    requireWorkGroupSize(kernel, device, kStridedGroup, "strided_read's work-groups of 256");
    StridedRun run;
    run.stride = stride;
    run.reads = h_in.size() / stride;
    const std::size_t global = run.reads / kStridedPerItem;

    cl::CommandQueue q = queue;
    cl::Kernel k = kernel;
    cl::Buffer d_in(q, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context, CL_MEM_WRITE_ONLY, sizeof(float) * global);
    k.setArg(0, d_in);
    k.setArg(1, d_out);
    k.setArg(2, static_cast<cl_uint>(stride));
    k.setArg(3, static_cast<cl_uint>(kStridedPerItem));
    run.seconds = medianSeconds(repeats, [&] {
        cl::Event done;
        q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(kStridedGroup), nullptr, &done);
        return EventSpan{done, done};
    });
    run.out.resize(global);
    cl::copy(q, d_out, run.out.begin(), run.out.end());
    return run;
}

std::vector<float> referenceLocal(const std::vector<float>& in, std::size_t local, int rounds)
{
    const std::size_t block = 4 * static_cast<std::size_t>(kLocalTile), groups = in.size() / block;
    std::vector<float> out(groups * local);
    for (std::size_t g = 0; g < groups; ++g) {
        double sum = 0;
        for (std::size_t i = 0; i < block; ++i)
            sum += in[g * block + i];
        std::fill(out.begin() + static_cast<std::ptrdiff_t>(g * local),
                  out.begin() + static_cast<std::ptrdiff_t>((g + 1) * local), static_cast<float>(rounds * sum));
    }
    return out;
}

double LocalRun::localBytes() const
{
    return static_cast<double>(groups) * static_cast<double>(local) * rounds * kLocalTile * 4 * sizeof(float);
}

LocalRun runLocal(const cl::CommandQueue& queue, const cl::Kernel& kernel, const std::vector<float>& h_in,
                  std::size_t local, int rounds, std::size_t maxFloats, const Repeats& repeats)
{
    const std::size_t block = 4 * static_cast<std::size_t>(kLocalTile);
    if (h_in.empty() || h_in.size() % block != 0 || h_in.size() > maxFloats)
        throw Failure("local_read: " + std::to_string(h_in.size()) + " floats; need a whole number of blocks of " +
                      std::to_string(block) + ", at most " + sizeText(maxFloats) + " floats");
    if (rounds < 1 || rounds > kLocalMaxRounds)
        throw Failure("local_read: " + std::to_string(rounds) + " rounds; need 1 to " +
                      std::to_string(kLocalMaxRounds));
    const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
    const cl::Context context = queue.getInfo<CL_QUEUE_CONTEXT>();
    cl::CommandQueue q = queue;
    cl::Kernel k = kernel;
    LocalRun run;
    run.groups = h_in.size() / block;
    run.rounds = rounds;
    run.local = local != 0 ? local : localSize(k, device, kLocalTile);
    if (run.local > static_cast<std::size_t>(kLocalTile))
        throw UsageError("--local " + std::to_string(run.local) + ": local_read's work-groups have at most " +
                         std::to_string(kLocalTile) + " work-items (TILE, the float4s of a block)");
    requireWorkGroupSize(k, device, run.local, "--local " + std::to_string(run.local));
    requireLocalMemory(k, device, 0, "local_read");

    // The blocks in, one float per work-item out (0 first: a work-item that writes nothing shows as 0).
    cl::Buffer d_in(q, h_in.begin(), h_in.end(), /*readOnly=*/true);
    const std::size_t global = run.groups * run.local;
    cl::Buffer d_out(context, CL_MEM_WRITE_ONLY, sizeof(float) * global);
    q.enqueueFillBuffer(d_out, 0.0f, 0, sizeof(float) * global);
    k.setArg(0, d_in);
    k.setArg(1, d_out);
    k.setArg(2, static_cast<cl_int>(rounds));
    // One work-group per block, timed; then the sums back.
    run.seconds = medianSeconds(repeats, [&] {
        cl::Event done;
        q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(run.local), nullptr, &done);
        return EventSpan{done, done};
    });
    run.out.resize(global);
    cl::copy(q, d_out, run.out.begin(), run.out.end());
    return run;
}

void measureLocalLevel(const cl::Device& device, std::size_t groupsPerCu, Report& report, MemoryLevels& levels,
                       const std::function<LocalRun(const std::vector<float>&)>& run)
{
    const std::size_t groups = groupsPerCu * device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::vector<float> in = wholeNumbers(groups * 4 * static_cast<std::size_t>(kLocalTile));
    const LocalRun r = run(in);
    report.bandwidth("local memory, local_read, " + std::to_string(r.rounds) + " rounds",
                     std::to_string(r.groups) + " work-groups of " + std::to_string(r.local),
                     compare(referenceLocal(in, r.local, r.rounds), r.out), {r.seconds, 0}, r.localBytes());
    levels.localGbps = gbps(r.localBytes(), r.seconds);
}

void requireGlobalProbes(const cl::Device& device, std::size_t floats)
{
    const double bytes = sizeof(float) * static_cast<double>(floats);
    requireBuffers(device, bytes, 2, "--size " + std::to_string(floats));
    requireHostMemory(hostBytes(device, 2.0 * bytes, 2.0 * bytes), "--size " + std::to_string(floats));
}

std::vector<std::size_t> stridesToRun(std::vector<std::size_t> strides, std::size_t n)
{
    strides.insert(strides.begin(), 1);
    std::sort(strides.begin(), strides.end());
    strides.erase(std::unique(strides.begin(), strides.end()), strides.end());
    const std::size_t perGroup = kStridedPerItem * kStridedGroup;
    for (const std::size_t s : strides)
        if (n % (s * perGroup) != 0)
            throw UsageError("--size " + std::to_string(n) + ": strided_read at stride " + std::to_string(s) +
                             " reads one float in " + std::to_string(s) + " in work-groups of " +
                             std::to_string(perGroup) + " reads: the size must be a multiple of " +
                             std::to_string(s * perGroup) + " (e.g. a power of two from " +
                             std::to_string(strides.back() * perGroup) + ")");
    return strides;
}

std::vector<StrideRow> measureStrides(std::size_t floats, const std::vector<std::size_t>& strides, Report& report,
                                      const std::function<StridedRun(const std::vector<float>&, std::size_t)>& run)
{
    std::vector<StrideRow> rows;
    const std::vector<float> in = wholeNumbers(floats);
    for (const std::size_t s : strides) {
        const StridedRun r = run(in, s);
        report.bandwidth("global memory, strided_read, stride " + std::to_string(s), "N = " + sizeText(floats),
                         compare(referenceStrided(in, s), r.out), {r.seconds, 0},
                         static_cast<double>(r.reads) * sizeof(float));
        rows.push_back({s, r.reads, r.seconds});
    }
    return rows;
}

void printStrides(std::ostream& out, std::size_t floats, const std::vector<StrideRow>& rows, double yardstickGbps)
{
    if (rows.empty() || rows.front().stride != 1)
        return;
    const bool probe = yardstickGbps > 0;
    const double yardstick =  // bytes per second
        probe ? yardstickGbps * 1e9 : static_cast<double>(rows.front().reads) * sizeof(float) / rows.front().seconds;
    out << "\nglobal memory read at a stride, one float in every `stride` of " << sizeText(floats)
        << " floats; bytes per float: what global memory delivers in the time of one float read, at "
        << (probe ? "the read probe's " : "stride 1's ") << rateText(yardstick * 1e-9) << " GB/s\n";
    out << std::right << std::setw(8) << "stride" << std::setw(14) << "floats read" << std::setw(14) << "time"
        << std::setw(14) << "useful GB/s" << std::setw(18) << "bytes per float" << "\n";
    for (const StrideRow& r : rows) {
        const double useful = static_cast<double>(r.reads) * sizeof(float) / r.seconds * 1e-9;
        const double perFloat = r.seconds * yardstick / static_cast<double>(r.reads);
        out << std::setw(8) << r.stride << std::setw(14) << r.reads << std::setw(14) << formatTime(r.seconds)
            << std::setw(14) << rateText(useful) << std::setw(18) << fixedText(perFloat, 1) << "\n";
    }
}

}  // namespace hoc
