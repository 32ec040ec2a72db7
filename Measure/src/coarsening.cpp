#include "hoc/measure/coarsening.hpp"

#include <iomanip>
#include <ostream>

#include "hoc/common/report.hpp"

namespace hoc {

void printCoarseningTable(std::ostream& out, const cl::Device& device, std::size_t local,
                          const std::vector<CoarseningRow>& rows, double bytes)
{
    const auto units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    out << "work-groups of " << local << ", " << units << " compute units; groups/CU: "
        << "work-groups per compute unit; x plain: the plain kernel's time over this one's\n";
    out << std::left << std::setw(15) << "kernel" << std::right << std::setw(8) << "factor" << std::setw(12)
        << "work-items" << std::setw(12) << "work-groups" << std::setw(11) << "groups/CU" << std::setw(13) << "time"
        << std::setw(10) << "GB/s" << std::setw(9) << "x plain" << "\n";
    for (const CoarseningRow& r : rows) {
        const double perUnit = static_cast<double>(r.groups) / units;
        const std::string perUnitText = fixedText(perUnit, r.groups >= 10 * units ? 0 : 2);
        const std::string gbs = fixedText(bytes / r.seconds * 1e-9, 1);
        const std::string speed = fixedText(rows.front().seconds / r.seconds, 2);
        out << std::left << std::setw(15) << r.kernel << std::right << std::setw(8) << r.factor << std::setw(12)
            << r.workItems << std::setw(12) << r.groups << std::setw(11) << perUnitText << std::setw(13)
            << formatTime(r.seconds) << std::setw(10) << gbs << std::setw(9) << speed << "\n";
    }
}

void printCoarseningPrediction(std::ostream& out, const std::string& what, std::size_t prediction,
                               std::size_t computeUnits, std::size_t elements, std::size_t local,
                               const std::function<std::size_t(std::size_t, std::size_t, std::size_t)>& groupsFor)
{
    std::size_t first = 0;
    for (std::size_t factor = 1; factor <= elements && first == 0; factor *= 2)
        if (groupsFor(elements, factor, local) < computeUnits)
            first = factor;
    out << "your prediction of " << what << ": ";
    if (prediction == 0)
        out << "not made yet\n";
    else
        out << (prediction == first ? "agrees" : "does not agree")
            << " (the tests check it against the count itself)\n";
}

}  // namespace hoc
