#include "hoc/pi/shares.hpp"

#include <algorithm>
#include <cstdio>

#include "hoc/pi/reference.hpp"

namespace hoc::pi {

void reportShares(Report& report, const std::string& name, const std::vector<Share>& shares, double pi,
                  std::uint64_t steps, Extra extra)
{
    std::printf("  %-4s %-16s %23s %7s %13s %11s   %s\n", "rank", "host", "steps", "share", "part of pi", "kernel ms",
                "device");
    double slowest = 0;
    for (std::size_t i = 0; i < shares.size(); ++i) {
        const Share& s = shares[i];
        slowest = std::max(slowest, s.kernel_s);
        char range[48] = "none";
        if (s.count > 0)
            std::snprintf(range, sizeof range, "%.0f-%.0f", s.first, s.first + s.count - 1);
        std::printf("  %-4zu %-16s %23s %6.1f%% %13.9f %11.3f   %s\n", i, s.host.c_str(), range,
                    100.0 * s.count / static_cast<double>(steps), s.part, s.kernel_s * 1e3, s.device.c_str());
    }
    const Check verdict = check(pi, steps, kTarget, 12);
    Result result;
    result.name = name;
    result.size = stepsText(steps);
    result.correct = verdict.ok;
    result.detail = verdict.text;
    result.seconds = slowest;  // the shares run at the same time: done when the slowest is
    result.rate = slowest > 0 ? static_cast<double>(steps) / slowest : 0;
    result.unit = "steps/s";
    result.extra = std::move(extra);
    result.extra.emplace_back("pi", pi);
    for (std::size_t i = 0; i < shares.size(); ++i)
        result.extra.emplace_back("part_of_rank_" + std::to_string(i), shares[i].part);
    report.add(result);
}

}  // namespace hoc::pi
