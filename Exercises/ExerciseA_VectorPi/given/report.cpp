#include "report.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>

#include "hoc/pi/reference.hpp"

namespace {

const char* const kScalar = "scalar (pi)";

}  // namespace

hoc::Result vectorPiRow(int width, const VectorPiResult& r, std::uint64_t steps)
{
    const hoc::pi::Check check = hoc::pi::check(r.pi, steps, hoc::pi::kTarget);
    const double rate = r.timing.kernel_s > 0 ? static_cast<double>(steps) / r.timing.kernel_s : 0;
    const std::string name = width == 1 ? kScalar : "float" + std::to_string(width) + " (pi_vector)";
    return {name,
            hoc::pi::stepsText(steps),
            check.ok,
            check.text,
            r.timing.kernel_s,
            rate,
            "steps/s",
            {{"error", r.pi - M_PI},
             {"width", static_cast<double>(width)},
             {"work_groups", static_cast<double>(r.workGroups)},
             {"work_group_size", static_cast<double>(r.workGroupSize)},
             {"steps_per_item", static_cast<double>(r.stepsPerItem)},
             // For the roofline, as Exercise 10's tree design (the same loop per lane): 7 flops
             // per step; global memory: one float per work-group written.
             {"flops", 7.0 * static_cast<double>(steps)},
             {"bytes", sizeof(float) * static_cast<double>(r.workGroups)}}};
}

void printSpeedups(const std::vector<hoc::Result>& rows)
{
    double scalarRate = 0;  // the last scalar row's, as each row comes
    for (const hoc::Result& row : rows)
        if (row.name == kScalar)
            scalarRate = row.rate;
    for (const hoc::Result& row : rows)
        if (row.name != kScalar && scalarRate > 0) {
            char line[120];
            std::snprintf(line, sizeof line, "%s: %.2fx the steps/s of the scalar kernel\n", row.name.c_str(),
                          row.rate / scalarRate);
            std::cout << line;
        }
}
