// The serial reference of a histogram of bytes (Exercise 18's atomics): the bins counted on the host,
// skewed inputs, a check whose message says what the bins add up to (the evidence of the classic
// bugs of an atomic histogram; the tests' hints for each are course.json's), and the checked and
// reported runs of a design whose bins must, or on purpose do not, survive another order of its
// work-groups.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"

namespace hoc {

// `n` bytes from a fixed seed, not uniform: small values are far more common (as in text or
// images), so that some bins are hot and work-items often increment the same bin at once.
std::vector<std::uint8_t> randomBytes(std::size_t n, std::uint32_t seed);

// Refuses (hoc::UsageError, exit status 2) n bytes the device cannot hold, or the host (the bytes,
// and on a CPU device their buffer).
void requireHistogramMemory(const cl::Device& device, std::size_t n);

// The count of each byte value, 256 bins.
std::vector<std::uint64_t> histogramReference(const std::vector<std::uint8_t>& data);

// The device's bins against the reference, exactly (counts are integers). When they differ the
// message adds what the bins add up to against the bytes counted: fewer (counts lost), more (counts
// added) or as many (every count there, some in the wrong bin).
CheckResult checkHistogram(const std::vector<std::uint64_t>& expected, const std::vector<std::uint32_t>& got);

// What the bins add up to (`have`) against the bytes counted (`want`).
struct HistogramTotals {
    std::uint64_t want = 0, have = 0;
};
HistogramTotals histogramTotals(const std::vector<std::uint64_t>& expected, const std::vector<std::uint32_t>& got);

// One run of a histogram design: its bins and how it ran.
struct HistogramRun {
    std::vector<std::uint32_t> bins;
    std::size_t groups = 0, workGroupSize = 0;
    double seconds = 0;  // its device time (0: not timed)
};

// A design whose bins do not depend on the order of its work-groups: `oneLaunch` checked and reported
// as `name` with its bandwidth over `bytes`; then, unless `lastFirst` is empty, that run (its
// work-groups one at a time, last first) checked and reported as "name, `lastFirstText`".
void reportOrderIndependent(Report& report, const std::string& name, const std::string& size,
                            const std::vector<std::uint64_t>& expected, const std::function<HistogramRun()>& oneLaunch,
                            const std::function<HistogramRun()>& lastFirst, const std::string& lastFirstText);

// A design that depends on the order of its work-groups, shown on purpose: `firstToLast` must be
// right, `lastFirst` wrong (its row is correct when it shows the bug); with one work-group there is
// no other order, and `out` says so.
void reportOrderDependent(Report& report, std::ostream& out, const std::string& name, const std::string& size,
                          const std::vector<std::uint64_t>& expected, const HistogramRun& firstToLast,
                          const std::string& firstToLastText, const HistogramRun& lastFirst,
                          const std::string& lastFirstText);

}  // namespace hoc
