// Exercise 18's serial reference: the histogram of bytes counted on the host, the inputs, and a
// check whose message points at the classic bugs of an atomic histogram.
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
// message adds what the pattern suggests: counts lost (a non-atomic increment, a missing barrier
// before the merge), counts added (local bins not zeroed, bins not cleared), or every count in the
// wrong bin.
CheckResult checkHistogram(const std::vector<std::uint64_t>& expected, const std::vector<std::uint32_t>& got);

// Only the hint, for the tests' messages ("" when the bins are right).
std::string histogramHint(const std::vector<std::uint64_t>& expected, const std::vector<std::uint32_t>& got);

}  // namespace hoc
