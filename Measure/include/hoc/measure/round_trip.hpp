// Round trips of one computation made several ways (Exercise 12's three buffer flags): each way's
// result checked and reported with the rate of the whole trip, buffers to results, as a user of the
// answer sees it, then the table of its phases in milliseconds.
#pragma once

#include <string>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/report.hpp"

namespace hoc {

struct RoundTrip {
    std::string way;       // "CL_MEM_USE_HOST_PTR"
    CheckResult check;     // its result against the reference
    double setup_s = 0;    // the buffers made and the inputs in them
    double kernel_s = 0;   // the kernel
    double results_s = 0;  // the result on the host
    double total_s = 0;    // all of it
};

// Each trip reported as "<name> with <way>", `size` (e.g. "N = 1000"), at `bytes` moved over its total
// time ("GB/s (round trip)"), its phases in the JSON; then the table, each time a median of `runs`.
void reportRoundTrips(Report& report, const std::string& name, const std::string& size, double bytes,
                      const std::vector<RoundTrip>& trips, int runs);

}  // namespace hoc
