// Exercise 25: from the profiling timestamps of one run to its phases, and Amdahl's law.
#include "amdahl.hpp"

Phases phasesOf(const std::vector<hoc::CommandTimes>& writes, const hoc::CommandTimes& kernel,
                const std::vector<hoc::CommandTimes>& reads)
{
    Phases p;
    // TODO 1: write, kernel and read: the time the device spent running each phase's commands, in
    // seconds (hoc::CommandTimes holds a command's four profiling timestamps, in nanoseconds, and
    // what it offers to read them).
    // TODO 2: whole: the time the device work of the run took as a whole, in seconds. The device may
    // sit idle between two commands; that time belongs to the program too, so do not just add the
    // three phases.
    (void)writes, (void)kernel, (void)reads;
    return p;
}

double amdahlSpeedup(double p, double s)
{
    // TODO 3: 004 §1.2, Amdahl's law. Take the whole task's time as 1: the part that is sped up takes
    // p of it, the rest 1 - p. The part becomes s times faster, the rest stays as it was. How long does
    // the task take now, and how many times faster than before is it? s may be infinite.
    (void)p, (void)s;
    return 1.0;
}
