#include "hoc/measure/bandwidth.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/timing.hpp"

// Where roofline_read.cl is found by every program that links Measure (exercises too): Kernels/.
#ifndef HOC_MEASURE_KERNEL_DIRS
#define HOC_MEASURE_KERNEL_DIRS ""
#endif

namespace hoc {
namespace {

// The course's one copy yardstick (Exercises 16 and 17, the competition's bandwidth test,
// hoc-roofline), tuned: a float and a float4 per work-item, the faster counts. Kept here rather than
// in Kernels/ so that exercises, whose kernels are searched for in their own folders, measure
// against the same copy as the solutions.
const char* kCopySource = R"CLC(
// The bandwidth yardstick: every float read once and written once, one float per work-item ...
__kernel void copy_floats(__global const float* in, __global float* out, const ulong n)
{
    const size_t i = get_global_id(0);
    if (i < n)
        out[i] = in[i];
}

// ... or four (one float4; the work-item after the last whole float4 copies the 0-3 floats left).
__kernel void copy_float4s(__global const float* in, __global float* out, const ulong n)
{
    const size_t i = get_global_id(0);
    if (i < n / 4)
        vstore4(vload4(i, in), i, out);
    else if (i == n / 4)
        for (size_t j = 4 * i; j < n; j++)
            out[j] = in[j];
}
)CLC";

constexpr std::size_t kCopyGroup = 256;

// The copies tried: kernel, floats per work-item.
const std::pair<const char*, std::size_t> kCopies[] = {{"copy_floats", 1}, {"copy_float4s", 4}};

// The read probe's candidates: vector widths and vectors per work-item (roofline_read.cl). Which
// one wins depends on the device (docs/instructors.md, "the same probe ... tries every width").
constexpr int kReadWidths[] = {1, 2, 4, 8, 16};
constexpr int kReadPerItem[] = {16, 64};
constexpr std::size_t kReadGroup = 256;

// The input of the read probe: small whole numbers, so that every work-item's sum is exact.
float readValue(std::size_t i) { return static_cast<float>(i & 63); }

// What work-item `id` of a read kernel sums (vector v holds floats v * width ... v * width + width - 1).
float readSum(std::size_t id, std::size_t local, int perItem, int width)
{
    double sum = 0;
    for (int k = 0; k < perItem; ++k) {
        const std::size_t v = (id / local) * local * perItem + id % local + k * local;
        for (int j = 0; j < width; ++j)
            sum += readValue(v * width + j);
    }
    return static_cast<float>(sum);
}

}  // namespace

// Three significant digits for small rates (a CPU's 0.0153 GB/s), none after the point for large ones.
std::string rateText(double rate)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(rate >= 100 ? 0 : rate >= 10 ? 1 : rate >= 1 ? 2 : 3) << rate;
    return s.str();
}

static_assert(ReadBenchmark::kMinFloats == kReadGroup * kReadPerItem[0], "the fewest floats one candidate reads");

ReadBenchmark::ReadBenchmark(const cl::Device& device)
    : device_(device), context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
    const std::string file = "roofline_read.cl";
    program_ = buildSource(context_, device_, readKernelFile(file, HOC_MEASURE_KERNEL_DIRS), file, "");
}

ReadRuns ReadBenchmark::runs(std::size_t n, const Repeats& repeats)
{
    std::vector<float> host(n);
    for (std::size_t i = 0; i < n; ++i)
        host[i] = readValue(i);
    cl::Buffer in(queue_, host.begin(), host.end(), /*readOnly=*/true);
    host = {};

    struct Candidate {
        cl::Kernel kernel;
        std::string name;
        int width, perItem;
        std::size_t local, items;
    };
    std::vector<Candidate> candidates;
    std::size_t mostItems = 0;
    for (const int width : kReadWidths)
        for (const int perItem : kReadPerItem) {
            const std::string name = "read_float" + (width > 1 ? std::to_string(width) : "");
            cl::Kernel kernel(program_, name.c_str());
            const std::size_t local = localSize(kernel, device_, kReadGroup);
            // Whole work-groups only: the last floats of the buffer that make no whole block stay unread.
            const std::size_t items = n / (local * perItem * width) * local;
            if (items == 0 || items > INT_MAX)
                continue;
            candidates.push_back({kernel, name, width, perItem, local, items});
            mostItems = std::max(mostItems, items);
        }
    if (candidates.empty())
        throw UsageError("--read-size: the read kernel reads at least " + std::to_string(kReadGroup * kReadPerItem[0]) +
                         " floats; it was given " + std::to_string(n));
    cl::Buffer out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * mostItems);

    const auto bytesOf = [](const Candidate& c) {
        return static_cast<double>(c.items) * (static_cast<double>(c.perItem) * c.width + 1) * sizeof(float);
    };
    const auto time = [&](const Candidate& c, const Repeats& r) {
        cl::KernelFunctor<cl::Buffer, cl::Buffer, int> read(c.kernel);
        const cl::EnqueueArgs range(queue_, cl::NDRange(c.items), cl::NDRange(c.local));
        return runSeconds(r, [&] {
            cl::Event e = read(range, in, out, c.perItem);
            return EventSpan{e, e};
        });
    };
    // The host's sums of 256 work-items spread over the range (first and last included).
    const auto check = [&](const Candidate& c) {
        std::vector<float> got(c.items);
        cl::copy(queue_, out, got.begin(), got.end());
        const std::size_t samples = std::min<std::size_t>(256, c.items);
        std::vector<float> expected(samples), sampled(samples);
        for (std::size_t s = 0; s < samples; ++s) {
            const std::size_t id = samples == 1 ? 0 : s * (c.items - 1) / (samples - 1);
            expected[s] = readSum(id, c.local, c.perItem, c.width);
            sampled[s] = got[id];
        }
        return compare(expected, sampled);
    };

    // Round 1: every candidate, 1 warm-up and 2 timed runs. Round 2: the three fastest again with
    // `repeats`, since a CPU shared with other work can be slow for a moment. The candidate of the
    // fastest single run wins, with all its timed runs (a roof is the best the device showed).
    ReadRuns result;
    std::vector<std::vector<double>> times(candidates.size());
    std::vector<double> best(candidates.size(), 0.0);    // GB/s of each candidate's fastest run; 0: wrong
    std::vector<CheckResult> checks(candidates.size());  // each candidate's sums after its last runs
    bool wrong = false;
    const auto measure = [&](std::size_t i, const Repeats& r) {
        const std::vector<double> t = time(candidates[i], r);
        times[i].insert(times[i].end(), t.begin(), t.end());
        const CheckResult summed = check(candidates[i]);
        checks[i] = summed;
        if (!summed.ok) {  // a wrong sum is reported, never chosen
            result.check = summed;
            wrong = true;
            best[i] = 0;
            return;
        }
        best[i] = gbps(bytesOf(candidates[i]), *std::min_element(times[i].begin(), times[i].end()));
    };
    for (std::size_t i = 0; i < candidates.size(); ++i)
        measure(i, {1, 2});
    std::vector<std::size_t> order(candidates.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return best[a] > best[b]; });
    for (std::size_t k = 0; k < std::min<std::size_t>(3, order.size()); ++k)
        if (best[order[k]] > 0)
            measure(order[k], repeats);
    for (std::size_t i = 0; i < candidates.size(); ++i)
        result.tried.push_back({candidates[i].name + " x " + std::to_string(candidates[i].perItem), best[i]});
    const std::size_t chosen = static_cast<std::size_t>(std::max_element(best.begin(), best.end()) - best.begin());
    if (best[chosen] <= 0)
        return result;  // every candidate summed wrongly: result.check says how
    const Candidate& c = candidates[chosen];
    if (!wrong)
        result.check = checks[chosen];
    result.seconds = times[chosen];
    result.bytes = bytesOf(c);
    result.kernel = c.name;
    result.perItem = c.perItem;
    result.workItems = c.items;
    result.local = c.local;
    return result;
}

std::size_t ReadBenchmark::yardstickFloats(const cl::Device& device, std::size_t kernelFloats)
{
    const std::size_t maxAlloc = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() / sizeof(float);
    const std::size_t globalFloats = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>() / sizeof(float);
    const std::size_t fits = std::min(maxAlloc, globalFloats / 3);
    const std::size_t wanted = kernelFloats > SIZE_MAX / 4 ? SIZE_MAX : 4 * kernelFloats;
    return std::max(kMinFloats, std::min(wanted, fits));
}

double ReadBenchmark::bestGbps(std::size_t n, const Repeats& repeats)
{
    const ReadRuns r = runs(n, repeats);
    if (!r.check.ok || r.seconds.empty())
        throw Failure("the read kernel used as the bandwidth yardstick summed wrongly on this device: " +
                      r.check.message());
    return gbps(r.bytes, *std::min_element(r.seconds.begin(), r.seconds.end()));
}

double readYardstickGbps(const cl::Device& device, std::size_t floats, std::size_t kernelFloats, const Repeats& repeats,
                         std::ostream& out)
{
    if (floats == 0)
        floats = ReadBenchmark::yardstickFloats(device, kernelFloats);
    if (floats < ReadBenchmark::kMinFloats)
        throw UsageError("--read-size: the read kernel reads at least " + std::to_string(ReadBenchmark::kMinFloats) +
                         " floats");
    requireBuffers(device, sizeof(float) * static_cast<double>(floats), 1, "the read kernel");
    requireHostMemory(sizeof(float) * static_cast<double>(floats), "the read kernel");
    const double gbps = ReadBenchmark(device).bestGbps(floats, repeats);
    out << "read kernel (reads only), " << sizeText(floats) << " floats: " << rateText(gbps) << " GB/s\n";
    return gbps;
}

CopyBenchmark::CopyBenchmark(const cl::Device& device)
    : device_(device), context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
    program_ = buildSource(context_, device_, kCopySource, "copy_floats (Measure/src/bandwidth.cpp)", "");
}

std::vector<double> CopyBenchmark::runs(std::size_t n, const Repeats& repeats, CheckResult& check)
{
    std::vector<float> host(n);
    for (std::size_t i = 0; i < n; ++i)
        host[i] = static_cast<float>(i % 4099);
    cl::Buffer in(queue_, host.begin(), host.end(), /*readOnly=*/true);
    cl::Buffer out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * n);
    // Each copy in turn, `repeats` each; the times of the one with the smallest median count.
    std::vector<double> times;
    bool failed = false;
    for (const auto& [name, floats] : kCopies) {
        cl::KernelFunctor<cl::Buffer, cl::Buffer, cl_ulong> copy(program_, name);
        const std::size_t local = localSize(copy.getKernel(), device_, kCopyGroup);
        const cl::EnqueueArgs range(queue_, cl::NDRange(roundUp(n / floats + 1, local)), cl::NDRange(local));
        std::vector<double> these = runSeconds(repeats, [&] {
            cl::Event e = copy(range, in, out, static_cast<cl_ulong>(n));
            return EventSpan{e, e};
        });
        std::vector<float> back(n);
        cl::copy(queue_, out, back.begin(), back.end());
        const CheckResult copied = compare(host, back);
        if (!copied.ok) {  // a wrong copy is reported, never chosen
            check = copied;
            failed = true;
            continue;
        }
        if (times.empty() || median(these) < median(times)) {
            times = std::move(these);
            chosen_ = name;
            if (!failed)
                check = copied;
        }
    }
    return times;
}

double CopyBenchmark::seconds(std::size_t n, const Repeats& repeats)
{
    CheckResult check;
    const double s = median(runs(n, repeats, check));
    if (!check.ok)
        throw Failure("the copy kernel used as the bandwidth yardstick copied wrongly on this device");
    return s;
}

double CopyBenchmark::gbps(std::size_t n, const Repeats& repeats)
{
    return hoc::gbps(8.0 * static_cast<double>(n), seconds(n, repeats));
}

BandwidthTable::BandwidthTable(std::ostream& out, const std::string& sizeTitle, std::vector<std::string> variants)
    : out_(out), variants_(std::move(variants))
{
    out_ << std::left << std::setw(16) << sizeTitle << std::right << std::setw(10) << "copy GB/s";
    for (const auto& v : variants_)
        out_ << "  " << std::setw(17) << v;
    out_ << "\n";
}

void BandwidthTable::row(const std::string& size, double copyGbps, const std::vector<std::pair<double, bool>>& cells)
{
    out_ << std::left << std::setw(16) << size << std::right << std::setw(10) << rateText(copyGbps);
    for (const auto& [rate, correct] : cells) {
        std::ostringstream cell;
        cell << rateText(rate) << " (" << std::setw(3)
             << static_cast<int>(copyGbps > 0 ? 100.0 * rate / copyGbps + 0.5 : 0) << "%)";
        out_ << "  " << std::setw(17) << (correct ? cell.str() : "WRONG");
    }
    out_ << "\n";
    out_.flush();
}

void reportAgainstCopy(Report& report, const std::string& name, const std::string& size, const CheckResult& check,
                       double seconds, double bytes, double copyGbps, double readGbps, Extra extra)
{
    const double rate = gbps(bytes, seconds);
    const double fraction = copyGbps > 0 ? rate / copyGbps : 0;
    std::ostringstream detail;
    detail << check.message() << "; " << std::fixed << std::setprecision(1) << 100.0 * fraction
           << "% of the copy kernel (" << copyGbps << " GB/s)";
    Extra yardsticks = {{"bytes", bytes}, {"fraction_of_copy", fraction}, {"copy_GBps", copyGbps}};
    if (readGbps > 0) {
        detail << ", " << 100.0 * rate / readGbps << "% of the read kernel (" << readGbps << " GB/s)";
        yardsticks.insert(yardsticks.end(), {{"fraction_of_read", rate / readGbps}, {"read_GBps", readGbps}});
    }
    extra.insert(extra.begin(), yardsticks.begin(), yardsticks.end());
    report.add({name, size, check.ok, detail.str(), seconds, rate, "GB/s", extra});
}

void reportPassesAgainstCopy(Report& report, std::ostream& out, const std::string& name, const std::string& size,
                             const CheckResult& check, double seconds, double bytes, double copyGbps, double readGbps,
                             const std::vector<double>& passSeconds, double betweenSeconds, Extra extra)
{
    for (std::size_t p = 0; p < passSeconds.size(); ++p)
        extra.emplace_back("pass_" + std::to_string(p + 1) + "_s", passSeconds[p]);
    extra.emplace_back("between_passes_s", betweenSeconds);
    reportAgainstCopy(report, name, size, check, seconds, bytes, copyGbps, readGbps, extra);
    std::string passes;
    for (const double s : passSeconds)
        passes += (passes.empty() ? "" : " + ") + formatTime(s);
    out << "  passes " << passes << ", and " << formatTime(betweenSeconds) << " between them\n";
}

void printPicked(std::ostream& out, const std::string& device, const std::string& name, double gbps, double readGbps,
                 const std::string& size)
{
    if (gbps <= 0)
        return;
    std::ostringstream percent;
    percent << std::fixed << std::setprecision(1) << 100 * gbps / readGbps;
    out << "For this device (" << device << ") the program picks " << name << ": " << rateText(gbps) << " GB/s at "
        << size << ", " << percent.str() << "% of the read kernel\n";
}

void requireSweepMemory(const cl::Device& device, double bytes, int deviceBuffers, int hostCopies, int sharedBuffers,
                        const std::string& what)
{
    requireBuffers(device, bytes, deviceBuffers, what);
    requireHostMemory(hostBytes(device, hostCopies * bytes, sharedBuffers * bytes), what);
}

void requireDecisiveSums(const std::vector<std::size_t>& sizes, const std::vector<std::string>& kernels,
                         const std::function<std::vector<float>(std::size_t n)>& data,
                         const std::function<std::uint64_t(std::size_t n, std::size_t k)>& additions)
{
    for (const std::size_t n : sizes) {
        const SumReference expected = sumReference(data(n));
        for (std::size_t k = 0; k < kernels.size(); ++k)
            requireDecisiveSum(expected, additions(n, k),
                               "the sum of N = " + sizeText(n) + " floats with " + kernels[k],
                               "a kernel whose elements go through fewer additions (--kernels, --local) or "
                               "another size (--sizes) narrows it or changes the sum");
    }
}

BandwidthSweepResult runBandwidthSweep(const cl::Device& device, Report& report, std::ostream& out,
                                       const BandwidthSweep& sweep)
{
    BandwidthSweepResult result;
    result.largestGbps.assign(sweep.kernels.size(), 0);
    const std::size_t largest = sweep.floats.empty() ? 0 : *std::max_element(sweep.floats.begin(), sweep.floats.end());
    result.readGbps = readYardstickGbps(device, sweep.readFloats, largest, sweep.repeats, out);
    CopyBenchmark copy(device);
    if (!sweep.note.empty())
        out << sweep.note << "\n";
    BandwidthTable table(out, sweep.sizeTitle, sweep.kernels);
    for (std::size_t i = 0; i < sweep.sizes.size(); ++i) {
        const auto run = sweep.at(i);
        const double copyGbps = copy.gbps(sweep.floats[i], sweep.repeats);
        std::vector<std::pair<double, bool>> cells;
        for (std::size_t k = 0; k < sweep.kernels.size(); ++k) {
            const BandwidthRun r = run(k);
            cells.emplace_back(gbps(r.bytes, r.seconds), r.check.ok);
            if (sweep.full[i] && r.check.ok)
                result.largestGbps[k] = cells.back().first;
            if (!sweep.full[i] && r.check.ok)
                continue;
            if (r.passSeconds.empty())
                reportAgainstCopy(report, r.name, sweep.reportedSizes[i], r.check, r.seconds, r.bytes, copyGbps,
                                  result.readGbps, r.extra);
            else
                reportPassesAgainstCopy(report, out, r.name, sweep.reportedSizes[i], r.check, r.seconds, r.bytes,
                                        copyGbps, result.readGbps, r.passSeconds, r.betweenSeconds, r.extra);
        }
        table.row(sweep.sizes[i], copyGbps, cells);
    }
    return result;
}

}  // namespace hoc
