// Exercise 10: how the program checks and reports each step's design, so that main.cpp reads as the
// run: the error each design may have, the refusal before a run of a check that could not decide,
// and a result's row.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/report.hpp"
#include "pi.hpp"

struct PiStep {
    PiDesign design;
    const char* key;   // its --design name
    const char* name;  // its row's name
};

// The steps --design names, in course order: one of them, "both" (simple and tree) or "all".
std::vector<PiStep> chosenSteps(const std::string& design);

// The most float additions a term goes through in steps 1-3 (their float sums' error bound,
// hoc::pi::floatSumBound): the work-item's loop, then work-item 0's loop over the work-group
// (step 1) or the rounds of the tree, ceil(log2(work-group size)) (steps 2 and 3). Step 4 has its
// own target.
std::uint64_t floatAdditions(PiDesign design, const PiResult& r);

// The error a step's pi may have: steps 1-3 the worst case of their float sums (floatAdditions),
// step 4 the course's target, hoc::pi::kTarget.
double allowedError(PiDesign design, const PiResult& r);

// Before anything runs, what the options ask of steps 1-3, at the most: a work-item's steps (at
// most `iters`, 262144 when 0, and at most `nsteps`), then its work-group's sum (at most `local`
// work-items, else the device's largest work-group). A float sum that long may have to be allowed
// so much error that a wrong pi passes: refused (hoc::UsageError, exit status 2), saying what
// narrows it. And the work-groups' sums must fit the device: at least nsteps / (local x iters).
void requireDecisiveBounds(const cl::Device& device, const std::vector<PiStep>& steps, std::uint64_t nsteps,
                           std::uint64_t local, std::uint64_t iters);

// A step's row: its pi checked against the exact midpoint-rule value for `nsteps` within
// allowedError, its rate in steps/s, and the figures of the roofline.
hoc::Result piRow(const PiStep& step, const PiResult& r, std::uint64_t nsteps);

// "tree design: 3.1x the steps/s of the simple design", for each later step that ran with step 1
// (`rows` are the rows of `steps`, in the same order).
void printSpeedups(std::ostream& out, const std::vector<PiStep>& steps, const std::vector<hoc::Result>& rows);
