// Exercise A: how the program (main.cpp) checks and reports a width's run, and compares the widths,
// so that main.cpp reads as the run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/report.hpp"
#include "vector_pi.hpp"

// A width's row ("scalar (pi)" for width 1, else "floatW (pi_vector)"): its pi checked against the
// exact midpoint-rule value for `steps` within the course's target (hoc::pi::check), its rate in
// steps/s, and the figures of the roofline.
hoc::Result vectorPiRow(int width, const VectorPiResult& r, std::uint64_t steps);

// "float4 (pi_vector): 2.10x the steps/s of the scalar kernel", for each vector row, when the
// scalar kernel (width 1) ran.
void printSpeedups(const std::vector<hoc::Result>& rows);
