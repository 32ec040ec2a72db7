// The table as people read it (Markdown) and as programs read it (CSV, JSON).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "hoc/tools/results.hpp"

namespace hoc::tools {

// 1234567 -> "1234567", 123.456 -> "123.5", 12.3456 -> "12.35", 0.0123456 -> "0.0123".
std::string formatNumber(double value);
// 0.456 -> "46%", 0.0456 -> "4.6%", 0.00456 -> "0.46%".
std::string formatPercent(double fraction);
// The shortest text that reads back as exactly `value` (for CSV).
std::string exactNumber(double value);

// Exercise, variant, and per device: rate, correct, fraction of the vendor BLAS, fraction of the
// roofline bound (those two only when some result has one); then the devices with their roofs,
// what the fractions mean, and the programs that failed.
std::string markdown(const Table& table);

// The row's note: the devices a split ran on; why a fraction of a roof is above 100% (with the
// devices it is about). "" when there is nothing to say.
std::string rowNote(const Table& table, const Row& row);

// One line per result and device (long form), every number in full precision; fields quoted
// (libcsv). The header names the columns.
std::string csv(const Table& table);

// Devices with their roofs, rows with one cell per device (null where the device has no such
// result), failures, and whether everything was correct.
nlohmann::json toJson(const Table& table);

}  // namespace hoc::tools
