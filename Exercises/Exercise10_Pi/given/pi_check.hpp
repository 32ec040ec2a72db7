// Exercise 10: the steps the program runs and each one's row, so that main.cpp reads as the run. The
// error each design may have, and the refusal before a run of a check that could not decide, are the
// pi library's (Pi/include/hoc/pi/bounds.hpp), from how each design adds (PiStep::summation).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/report.hpp"
#include "hoc/pi/bounds.hpp"
#include "pi.hpp"

struct PiStep {
    PiDesign design;
    const char* key;               // its --design name
    const char* name;              // its row's name
    hoc::pi::Summation summation;  // how it adds: its error bound (hoc::pi::allowedError)
};

// The steps --design names, in course order: one of them, "both" (simple and tree) or "all".
std::vector<PiStep> chosenSteps(const std::string& design);

// A step's row: its pi checked against the exact midpoint-rule value for `nsteps` within
// hoc::pi::allowedError, its rate in steps/s, and the figures of the roofline (hoc::pi::checkedRow).
hoc::Result piRow(const PiStep& step, const PiResult& r, std::uint64_t nsteps);
