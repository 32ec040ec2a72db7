#include "hoc/bandwidth.hpp"

#include <iomanip>
#include <ostream>
#include <sstream>

#include "hoc/device.hpp"
#include "hoc/errors.hpp"
#include "hoc/program.hpp"
#include "hoc/timing.hpp"

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

// Three significant digits for small rates (a CPU's 0.0153 GB/s), one decimal for large ones.
std::string rateText(double rate)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(rate >= 100 ? 0 : rate >= 10 ? 1 : rate >= 1 ? 2 : 3) << rate;
    return s.str();
}

}  // namespace

CopyBenchmark::CopyBenchmark(const cl::Device& device)
    : device_(device), context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
    program_ = buildSource(context_, device_, kCopySource, "copy_floats (Common/src/bandwidth.cpp)", "");
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
                       double seconds, double bytes, double copyGbps)
{
    const double rate = gbps(bytes, seconds);
    const double fraction = copyGbps > 0 ? rate / copyGbps : 0;
    std::ostringstream detail;
    detail << check.message() << "; " << std::fixed << std::setprecision(1) << 100.0 * fraction
           << "% of the copy kernel (" << copyGbps << " GB/s)";
    report.add({name, size, check.ok, detail.str(), seconds, rate, "GB/s",
                {{"fraction_of_copy", fraction}, {"copy_GBps", copyGbps}}});
}

std::string sizeText(std::size_t n)
{
    if (n >= 1024 && (n & (n - 1)) == 0) {
        int power = 0;
        while ((std::size_t{1} << power) < n)
            ++power;
        return "2^" + std::to_string(power);
    }
    return std::to_string(n);
}

}  // namespace hoc
