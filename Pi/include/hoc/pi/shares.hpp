// pi computed in shares, each on its own device (Exercise 15b's MPI ranks): the table of the shares
// and the result, pi checked against the exact midpoint-rule value within the course's target.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/report.hpp"

namespace hoc::pi {

// What one share did.
struct Share {
    std::string host, device;
    double first = 0, count = 0;  // its steps: first .. first + count - 1 (count 0: none)
    double part = 0;              // its part of pi
    double kernel_s = 0;          // its kernel time
};

// Prints the table of the shares (a row each: host, steps, share of `steps`, part of pi, kernel ms,
// device) and reports `pi` as the result `name`: checked (check in reference.hpp), timed by the
// slowest share (they run at the same time), and for the --json record pi itself and each share's
// part ("part_of_rank_<i>") beside `extra`.
void reportShares(Report& report, const std::string& name, const std::vector<Share>& shares, double pi,
                  std::uint64_t steps, Extra extra);

}  // namespace hoc::pi
