// results.html: the instructor's page. One self-contained file (no network): the results table with
// the devices side by side, the matmul progression chart, the roofline chart, the devices with their
// measured roofs, and how each figure was measured. The charts are drawn in the browser by Chart.js
// (Debian's libjs-chart.js), whose file is copied into the page.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "hoc/tools/results.hpp"

namespace hoc::tools {

// Where the runner looks for Chart.js when not told (--chartjs): Debian's libjs-chart.js first.
std::vector<std::string> chartJsCandidates();

// A file given as Chart.js that is not a build of it (hoc-runner and hoc-results: exit 2).
struct ChartJsError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A build of Chart.js has 50 KiB (chart.min.js 3.9: 195 KiB) to 8 MiB.
inline constexpr long kMinChartJsBytes = 50 * 1024, kMaxChartJsBytes = 8L << 20;

// Why `text` is not a build of Chart.js the page can use ("" when it is one): Chart.js's banner with
// a version of 3 or more in its first 512 bytes, no NUL byte, the UMD build's assignment of the
// global Chart, and the line and scatter charts and the logarithmic scale the page draws.
std::string chartJsProblem(const std::string& text);

// Chart.js's text: the file `given`, else the first installed candidate that is a build of Chart.js;
// "" when there is none. A `given` file that is not a regular file of 50 KiB to 8 MiB holding a build
// of Chart.js (chartJsProblem) throws ChartJsError, which names `option`: nothing else (a password
// file, /dev/zero) is ever copied into the page.
std::string readChartJs(const std::string& given, const std::string& option = "--chartjs");

// The progression chart's data: the matmul ladder (Exercises 04-09, each variant once, in course
// order; matmul_table's rows only when none of those ran), one series of GFLOP/s per device (null
// where the device has no such result), and each device's vendor BLAS where it was measured.
nlohmann::json progressionData(const Table& table);

// The roofline chart's data: each device's roofs, and every result placed under them (flops and
// bytes reported), numbered, with its note when it is above the roof.
nlohmann::json rooflineData(const Table& table);

// The page. `run`: what results.json holds about the run ("command", "started", "seconds", "quick",
// "runs"); `chartJs`: the text of Chart.js (empty: the page says the charts need it and shows the
// table alone).
std::string html(const Table& table, const nlohmann::json& run, const std::string& chartJs);

}  // namespace hoc::tools
