#include "hoc/measure/round_trip.hpp"

#include <cstdio>

#include "hoc/common/timing.hpp"

namespace hoc {

void reportRoundTrips(Report& report, const std::string& name, const std::string& size, double bytes,
                      const std::vector<RoundTrip>& trips, int runs)
{
    for (const RoundTrip& t : trips)
        report.add({name + " with " + t.way,
                    size,
                    t.check.ok,
                    t.check.message(),
                    t.total_s,
                    gbps(bytes, t.total_s),
                    "GB/s (round trip)",
                    {{"setup_s", t.setup_s}, {"kernel_s", t.kernel_s}, {"results_s", t.results_s}}});
    std::printf("\nmilliseconds, median of %d runs     setup    kernel   results     total\n", runs);
    for (const RoundTrip& t : trips)
        std::printf("  %-30s %9.3f %9.3f %9.3f %9.3f\n", t.way.c_str(), t.setup_s * 1e3, t.kernel_s * 1e3,
                    t.results_s * 1e3, t.total_s * 1e3);
}

}  // namespace hoc
