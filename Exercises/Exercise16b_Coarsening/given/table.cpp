#include "table.hpp"

#include <iomanip>
#include <ostream>
#include <string>

#include "hoc/common/report.hpp"

void printTable(std::ostream& out, const cl::Device& device, const std::vector<LaunchRow>& rows, double bytes)
{
    const auto units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    out << "work-groups of " << rows.front().r.local << ", " << units << " compute units; groups/CU: "
        << "work-groups per compute unit; x plain: the plain kernel's time over this one's\n";
    out << std::left << std::setw(15) << "kernel" << std::right << std::setw(8) << "factor" << std::setw(12)
        << "work-items" << std::setw(12) << "work-groups" << std::setw(11) << "groups/CU" << std::setw(13) << "time"
        << std::setw(10) << "GB/s" << std::setw(9) << "x plain" << "\n";
    for (const auto& [factor, r] : rows) {
        const double perUnit = static_cast<double>(r.launch.groups) / units;
        const std::string perUnitText = hoc::fixedText(perUnit, r.launch.groups >= 10 * units ? 0 : 2);
        const std::string gbs = hoc::fixedText(bytes / r.seconds * 1e-9, 1);
        const std::string speed = hoc::fixedText(rows.front().r.seconds / r.seconds, 2);
        out << std::left << std::setw(15) << (factor == 0 ? "scale" : "scale_coarse") << std::right << std::setw(8)
            << (factor == 0 ? 1 : factor) << std::setw(12) << r.launch.workItems << std::setw(12) << r.launch.groups
            << std::setw(11) << perUnitText << std::setw(13) << hoc::formatTime(r.seconds) << std::setw(10) << gbs
            << std::setw(9) << speed << "\n";
    }
}

void printPrediction(std::ostream& out)
{
    constexpr std::size_t kH100ComputeUnits = 132, kElements = std::size_t{1} << 24, kLocal = 256;
    std::size_t first = 0;
    for (std::size_t factor = 1; factor <= kElements && first == 0; factor *= 2)
        if (launchFor(kElements, factor, kLocal).groups < kH100ComputeUnits)
            first = factor;
    const std::size_t mine = stepFivePrediction();
    out << "your prediction of step 5 (stepFivePrediction: the H100, 2^24 floats, work-groups of 256) against your "
           "launchFor: ";
    if (mine == 0)
        out << "not made yet\n";
    else
        out << (mine == first ? "agrees" : "does not agree") << " (the tests check it against the count itself)\n";
}
