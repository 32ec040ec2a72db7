// The serial reference of a histogram of bytes (Exercise 18's atomics): the bins counted on the host,
// skewed inputs, and a check whose message says what the bins add up to (the evidence of the classic
// bugs of an atomic histogram; the tests' hints for each are course.json's).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/check.hpp"

namespace hoc {

// `n` bytes from a fixed seed, not uniform: small values are far more common (as in text or
// images), so that some bins are hot and work-items often increment the same bin at once.
std::vector<std::uint8_t> randomBytes(std::size_t n, std::uint32_t seed);

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

}  // namespace hoc
