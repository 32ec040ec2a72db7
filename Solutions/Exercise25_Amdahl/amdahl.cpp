// Exercise 25: from the profiling timestamps of one run to its phases, and Amdahl's law.
#include "amdahl.hpp"

#include "hoc/common/errors.hpp"

Phases phasesOf(const std::vector<hoc::CommandTimes>& writes, const hoc::CommandTimes& kernel,
                const std::vector<hoc::CommandTimes>& reads)
{
    if (writes.empty() || reads.empty())
        throw hoc::Failure("phasesOf: a run needs at least one write and one read");
    Phases p;
    for (const hoc::CommandTimes& w : writes)
        p.write += w.runSeconds();
    p.kernel = kernel.runSeconds();
    for (const hoc::CommandTimes& r : reads)
        p.read += r.runSeconds();
    // The device's whole run: idle gaps between the commands included.
    p.whole = static_cast<double>(reads.back().end - writes.front().start) * 1e-9;
    return p;
}

double amdahlSpeedup(double p, double s) { return 1.0 / ((1.0 - p) + p / s); }
