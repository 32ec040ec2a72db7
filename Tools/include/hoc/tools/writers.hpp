// The table as people read it (Markdown) and as programs read it (CSV, JSON).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "hoc/tools/results.hpp"

namespace hoc::tools {

// 1234567 -> "1234567", 123.456 -> "123.5", 12.3456 -> "12.35", 0.0123456 -> "0.0123".
std::string formatNumber(double value);
// 0.456 -> "46%", 0.0456 -> "4.6%", 0.00456 -> "0.46%".
std::string formatPercent(double fraction);
// The shortest text that reads back as exactly `value` (for CSV).
std::string exactNumber(double value);

// A rate in the unit scaled to its size, with 4 significant digits (3 below 1): 66534250 MFLOPS ->
// {"66.53", "TFLOP/s"}, 2147.48 MFLOPS -> {"2.147", "GFLOP/s"}, 379.4 MFLOPS -> {"379.4", "MFLOP/s"},
// 2752 GB/s -> {"2.752", "TB/s"}, 3e6 steps/s -> {"3.000", "Msteps/s"}, 1.68 "GB/s (round trip)" ->
// {"1.680", "GB/s (round trip)"}. The units the programs report (MFLOPS, GFLOPS, GB/s, steps/s,
// each perhaps followed by words in the unit's text) and their scaled forms are known; any other
// unit, and a rate that is not a positive finite number, keeps its unit (formatNumber).
struct ScaledRate {
    std::string number, unit;
    std::string text() const { return number + " " + unit; }
};
ScaledRate scaleRate(double rate, const std::string& unit);

// The notes of a table's rows (rowNote), each text once, numbered from 1 in the order the rows
// first use them: the page and the Markdown table show a row's numbers and list the texts below
// the table, so a long note does not widen the table.
struct Footnotes {
    std::vector<std::string> texts;       // texts[n - 1] is note n
    std::vector<std::vector<int>> ofRow;  // the numbers of each row's notes (table.rows' order)
};
Footnotes footnotes(const Table& table);

// Exercise, variant, and per device: rate (scaleRate), correct, fraction of the vendor BLAS,
// fraction of the roofline bound (those two only when some result has one), and the numbers of the
// row's notes; then the notes, the devices with their roofs, what the fractions mean, and the
// programs that failed.
std::string markdown(const Table& table);

// The row's note: the devices a split ran on; why a fraction of a roof is above 100% (with the
// devices it is about). "" when there is nothing to say.
std::string rowNote(const Table& table, const Row& row);
// The same, one text per thing said ("; " joins them in rowNote).
std::vector<std::string> rowNotes(const Table& table, const Row& row);

// One line per result and device (long form), every number in full precision; fields quoted
// (libcsv). The header names the columns.
std::string csv(const Table& table);

// Devices with their roofs, rows with one cell per device (null where the device has no such
// result), failures, and whether everything was correct.
nlohmann::json toJson(const Table& table);

}  // namespace hoc::tools
