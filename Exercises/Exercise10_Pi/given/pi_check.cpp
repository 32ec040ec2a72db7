#include "pi_check.hpp"

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
    // For the roofline, counted as the kernels are written: per step 6 flops (i + 0.5, times step,
    // x * x, 1 + , 4 / , the sum), 7 in the tree design (x from base + offset * step, offset += 1);
    // global memory: one float per work-group written.
    hoc::Result row = hoc::pi::checkedRow(
        step.name, {r.pi, r.workGroups, r.workGroupSize, r.stepsPerItem, r.timing.kernel_s}, nsteps,
        hoc::pi::allowedError(r.stepsPerItem, r.workGroupSize, step.summation),
        step.design == PiDesign::Tree ? 7.0 : 6.0);
    row.detail += "; " + std::to_string(r.workGroups) + (r.workGroups == 1 ? " work-group of " : " work-groups of ") +
                  std::to_string(r.workGroupSize) + ", " + std::to_string(r.stepsPerItem) + " steps per work-item";
    return row;
}
