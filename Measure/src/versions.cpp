#include "hoc/measure/versions.hpp"

#include <iomanip>
#include <ostream>

#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

void printVersionTimes(std::ostream& out, int runs, const std::vector<VersionTime>& rows)
{
    if (rows.empty())
        return;
    const double first = rows.front().seconds;
    out << "timed runs: " << runs << " after a warm-up; each time is their median (device time, profiling events)\n"
        << std::left << std::setw(8) << "version" << std::right << std::setw(14) << "time" << std::setw(10) << "GB/s"
        << std::setw(16) << "x " + rows.front().name + "'s time" << "\n";
    for (const VersionTime& row : rows)
        out << std::left << std::setw(8) << row.name << std::right << std::setw(14) << formatTime(row.seconds)
            << std::setw(10) << fixedText(gbps(row.bytes, row.seconds), 2) << std::setw(16)
            << fixedText(first > 0 ? row.seconds / first : 0, 2) << "\n";
}

}  // namespace hoc
