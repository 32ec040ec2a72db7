#include "pi_check.hpp"

#include <cmath>
#include <ostream>

#include "hoc/pi/reference.hpp"

std::vector<PiStep> chosenSteps(const std::string& design)
{
    using hoc::pi::Summation;
    static const PiStep steps[4] = {
        {PiDesign::Simple, "simple", "simple design (work-item 0 adds the local array)", Summation::FloatLoop},
        {PiDesign::SimpleTree, "simple_tree", "simple_tree design (simple float sums, tree in local memory)",
         Summation::FloatTree},
        {PiDesign::CountedX, "counted_x", "counted_x design (x from a small count, simple float sums, tree)",
         Summation::FloatTree},
        {PiDesign::Tree, "tree", "tree design (compensated sums, tree in local memory)", Summation::Compensated},
    };
    std::vector<PiStep> chosen;
    for (const PiStep& s : steps)
        if (design == s.key || design == "all" ||
            (design == "both" && (s.design == PiDesign::Simple || s.design == PiDesign::Tree)))
            chosen.push_back(s);
    return chosen;
}

hoc::Result piRow(const PiStep& step, const PiResult& r, std::uint64_t nsteps)
{
    const hoc::pi::Check check = hoc::pi::check(r.pi, nsteps,
                                                hoc::pi::allowedError(r.stepsPerItem, r.workGroupSize, step.summation));
    hoc::Result row;
    row.name = step.name;
    row.size = hoc::pi::stepsText(nsteps);
    row.correct = check.ok;
    row.detail = check.text + "; " + std::to_string(r.workGroups) +
                 (r.workGroups == 1 ? " work-group of " : " work-groups of ") + std::to_string(r.workGroupSize) + ", " +
                 std::to_string(r.stepsPerItem) + " steps per work-item";
    row.seconds = r.timing.kernel_s;
    row.rate = r.timing.kernel_s > 0 ? static_cast<double>(nsteps) / r.timing.kernel_s : 0;
    row.unit = "steps/s";
    row.extra = {{"error", r.pi - M_PI},
                 {"work_groups", static_cast<double>(r.workGroups)},
                 {"work_group_size", static_cast<double>(r.workGroupSize)},
                 {"steps_per_item", static_cast<double>(r.stepsPerItem)},
                 // For the roofline, counted as the kernels are written: per step 6 flops (i + 0.5,
                 // times step, x * x, 1 + , 4 / , the sum), 7 in the tree design (x from base +
                 // offset * step, offset += 1); global memory: one float per work-group written.
                 {"flops", (step.design == PiDesign::Tree ? 7.0 : 6.0) * static_cast<double>(nsteps)},
                 {"bytes", sizeof(float) * static_cast<double>(r.workGroups)}};
    return row;
}

void printSpeedups(std::ostream& out, const std::vector<PiStep>& steps, const std::vector<hoc::Result>& rows)
{
    if (steps.empty() || steps[0].design != PiDesign::Simple || rows.empty() || rows[0].rate <= 0)
        return;
    for (std::size_t i = 1; i < steps.size() && i < rows.size(); ++i)
        if (rows[i].rate > 0)
            out << steps[i].key << " design: " << hoc::fixedText(rows[i].rate / rows[0].rate, 1)
                << "x the steps/s of the simple design\n";
}
