#include "histogram_reference.hpp"

#include <random>

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

std::vector<std::uint64_t> histogramReference(const std::vector<std::uint8_t>& data)
{
    std::vector<std::uint64_t> bins(256, 0);
    for (const std::uint8_t b : data)
        ++bins[b];
    return bins;
}

std::string histogramHint(const std::vector<std::uint64_t>& expected, const std::vector<std::uint32_t>& got)
{
    if (got.size() != expected.size())
        return "";
    std::uint64_t want = 0, have = 0;
    bool same = true;
    for (std::size_t b = 0; b < expected.size(); ++b) {
        want += expected[b];
        have += got[b];
        same = same && expected[b] == got[b];
    }
    if (same)
        return "";
    if (have == 0)
        return "every bin is 0: is the kernel still the starter?";
    const std::string counts = "the bins add up to " + std::to_string(have) + " counts for " + std::to_string(want) +
                               " bytes: ";
    if (have < want)
        return counts + "increments were lost. Is every increment atomic (atomic_inc, not bins[v]++)? Does a "
                        "barrier(CLK_LOCAL_MEM_FENCE) stand between the counting and the merge into global memory?";
    if (have > want)
        return counts + "counts were added that no byte made. Are the local bins set to 0 (and a barrier "
                        "passed) before anyone counts? Are bytes past the end of the chunk or of the input skipped?";
    return counts + "the right number, in the wrong bins: is the bin the byte's value (in[i])?";
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
    if (!r.ok)
        r.problem = r.message() + "; " + histogramHint(expected, got);
    return r;
}

}  // namespace hoc
