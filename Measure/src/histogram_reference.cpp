#include "hoc/measure/histogram_reference.hpp"

#include <ostream>
#include <random>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"

namespace hoc {

std::vector<std::uint8_t> randomBytes(std::size_t n, std::uint32_t seed)
{
    std::mt19937 generator(seed);
    std::geometric_distribution<int> skewed(1.0 / 24);  // mean 24: bins 0-30 get most bytes
    std::vector<std::uint8_t> bytes(n);
    for (auto& b : bytes)
        b = static_cast<std::uint8_t>(skewed(generator) % 256);
    return bytes;
}

void requireHistogramMemory(const cl::Device& device, std::size_t n)
{
    requireBuffers(device, static_cast<double>(n), 1, "N = " + std::to_string(n));
    requireHostMemory(hostBytes(device, static_cast<double>(n), static_cast<double>(n)), "N = " + std::to_string(n));
}

std::vector<std::uint64_t> histogramReference(const std::vector<std::uint8_t>& data)
{
    std::vector<std::uint64_t> bins(256, 0);
    for (const std::uint8_t b : data)
        ++bins[b];
    return bins;
}

HistogramTotals histogramTotals(const std::vector<std::uint64_t>& expected, const std::vector<std::uint32_t>& got)
{
    HistogramTotals totals;
    for (const std::uint64_t count : expected)
        totals.want += count;
    for (const std::uint32_t count : got)
        totals.have += count;
    return totals;
}

CheckResult checkHistogram(const std::vector<std::uint64_t>& expected, const std::vector<std::uint32_t>& got)
{
    CheckResult r;
    r.count = expected.size();
    if (got.size() != expected.size()) {
        r.problem = "expected " + std::to_string(expected.size()) + " bins, got " + std::to_string(got.size());
        return r;
    }
    for (std::size_t b = 0; b < expected.size(); ++b)
        if (expected[b] != got[b]) {
            if (r.wrong++ == 0) {
                r.first = b;
                r.expected = static_cast<double>(expected[b]);
                r.got = static_cast<double>(got[b]);
            }
        }
    r.ok = r.wrong == 0;
    if (!r.ok) {
        const HistogramTotals t = histogramTotals(expected, got);
        r.problem = r.message() + "; the bins add up to " + std::to_string(t.have) + " counts for " +
                    std::to_string(t.want) + " bytes";
    }
    return r;
}

void reportOrderIndependent(Report& report, const std::string& name, const std::string& size,
                            const std::vector<std::uint64_t>& expected, const std::function<HistogramRun()>& oneLaunch,
                            const std::function<HistogramRun()>& lastFirst, const std::string& lastFirstText)
{
    const HistogramRun r = oneLaunch();
    const CheckResult check = checkHistogram(expected, r.bins);
    report.bandwidth(name + ", " + std::to_string(r.groups) + " work-groups of " + std::to_string(r.workGroupSize),
                     size, check, {r.seconds, 0},
                     static_cast<double>(histogramTotals(expected, r.bins).want));  // the bytes counted
    if (!lastFirst)
        return;
    const CheckResult reversed = checkHistogram(expected, lastFirst().bins);
    report.add({name + ", " + lastFirstText, size, reversed.ok, reversed.message(), 0, 0, "", {}});
}

void reportOrderDependent(Report& report, std::ostream& out, const std::string& name, const std::string& size,
                          const std::vector<std::uint64_t>& expected, const HistogramRun& firstToLast,
                          const std::string& firstToLastText, const HistogramRun& lastFirst,
                          const std::string& lastFirstText)
{
    const CheckResult inOrder = checkHistogram(expected, firstToLast.bins);
    const CheckResult reversed = checkHistogram(expected, lastFirst.bins);
    report.add({name + ", " + firstToLastText, size, inOrder.ok, inOrder.message(), 0, 0, "", {}});
    if (lastFirst.groups < 2) {
        out << "  (one work-group only: no other order to try; use a larger --size or --groups)\n";
        return;
    }
    const std::string count = std::to_string(reversed.wrong) + " of " + std::to_string(expected.size()) + " bins wrong";
    report.add({name + ", " + lastFirstText,
                size,
                !reversed.ok,
                reversed.ok ? "the bins came out right: expected them wrong, the last group ran first"
                            : "wrong, as expected (" + count + "): this design depends on the order of work-groups",
                0,
                0,
                "",
                {}});
}

}  // namespace hoc
