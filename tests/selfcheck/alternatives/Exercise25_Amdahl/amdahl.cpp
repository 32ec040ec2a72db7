// A correct Exercise 25 written differently from the course's (tests/selfcheck: it must PASS Exercise
// 25's tests): the phases summed with std::accumulate over the commands' own start and end stamps,
// the whole run from the earliest start to the latest end, and Amdahl's law as time ratios.
#include "amdahl.hpp"

#include <algorithm>
#include <numeric>

#include "hoc/common/errors.hpp"

namespace {
double seconds(const std::vector<hoc::CommandTimes>& commands)
{
    return std::accumulate(commands.begin(), commands.end(), 0.0,
                           [](double sum, const hoc::CommandTimes& c) { return sum + c.runSeconds(); });
}
}  // namespace

Phases phasesOf(const std::vector<hoc::CommandTimes>& writes, const hoc::CommandTimes& kernel,
                const std::vector<hoc::CommandTimes>& reads)
{
    if (writes.empty() || reads.empty())
        throw hoc::Failure("phasesOf: needs one write and one read at least");
    Phases out;
    out.write = seconds(writes);
    out.kernel = kernel.runSeconds();
    out.read = seconds(reads);
    auto first = writes.front().start, last = reads.back().end;
    for (const auto& w : writes)
        first = std::min(first, w.start);
    for (const auto& r : reads)
        last = std::max(last, r.end);
    out.whole = static_cast<double>(last - first) / 1e9;
    return out;
}

double amdahlSpeedup(double p, double s)
{
    const double before = 1.0, after = (1.0 - p) + p / s;  // run times, the serial one as 1
    return before / after;
}
