// The references of the pi programs (Exercises 10, A, 15b and 21's sweep): pi = integral from 0 to 1
// of 4 / (1 + x^2) dx, approximated by the midpoint rule with `steps` rectangles of width 1/steps.
// The error bounds of their float sums are in bounds.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/report.hpp"

namespace hoc::pi {

// The slides' serial program, in float: x and the running sum are floats (each term is computed in
// double, as the slides' double literals make it, and rounded into the float sum). Past about 2^24
// steps the sum is so large that adding one more rectangle (2 to 4) loses most of its bits.
float serialFloat(std::uint64_t steps);

// The same loop in double: the serial baseline the OpenCL versions are checked against.
double serialDouble(std::uint64_t steps);

// The exact midpoint-rule value for `steps` (what a perfect computation would return), within 1e-13:
// a compensated double sum for up to 2^22 steps; beyond, pi + h^2/12 with h = 1/steps. The Euler-Maclaurin
// expansion of the midpoint rule is pi + (h^2/24)(f'(0) - f'(1)) + O(h^6) for this f (its h^4 term
// is zero because f''' vanishes at 0 and at 1), and f'(0) - f'(1) = 2.
double reference(std::uint64_t steps);

// The accuracy the pi programs ask of their best kernels (compensated sums), for any step count.
constexpr double kTarget = 1e-6;

// "2^24 steps" for powers of two from 2^10 on, else "1000 steps".
std::string stepsText(std::uint64_t steps);

// A pi program's result `pi` for `steps` against reference(steps) within `allowed`: whether it passes,
// and the text of its row, which splits the error into the method's and the computation's:
//   "pi = 3.141592654, error 2.61e-09 = midpoint rule 4.97e-16 + rounding 2.61e-09 (allowed 1.0e-06)"
// with pi to `digits` decimals.
struct Check {
    bool ok = false;
    std::string text;
};
Check check(double pi, std::uint64_t steps, double allowed, int digits = 9);

// What a pi run gives its row: its pi, how the steps were divided, and its median kernel time.
struct RunFigures {
    double pi = 0;
    std::size_t workGroups = 0, workGroupSize = 0;
    std::uint64_t stepsPerItem = 0;
    double kernelSeconds = 0;
};

// A run's row of the report: `name`, its pi checked against reference(steps) within `allowed`
// (check, above), its rate in steps/s, and the figures of the roofline for a kernel of
// `flopsPerStep` flops per step that writes one float per work-group.
hoc::Result checkedRow(const std::string& name, const RunFigures& run, std::uint64_t steps, double allowed,
                       double flopsPerStep);

// "<key> design: 3.1x the steps/s of the <first key> design" for each later row that ran, against the
// first row (`keys` name the rows' designs, in the same order); nothing where the first did not run.
void printSpeedups(std::ostream& out, const std::vector<std::string>& keys, const std::vector<hoc::Result>& rows);

}  // namespace hoc::pi
