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

Program worthAFasterKernel()
{
    // TODO 4 (step 4 of the README): your prediction, before you run anything (the tests check it;
    //         the program checks it against the p of its own runs).
    return Program::none;
}

PinnedFloats::PinnedFloats(const cl::Context& context, const cl::CommandQueue& queue, std::size_t n) : queue_(queue)
{
    // TODO 5 (step 7 of the README): n floats of host memory that OpenCL allocates itself (a buffer
    // whose flags ask for it), mapped for reading and writing for as long as this object lives:
    // data_ is the host's view of them. (Until then data_ stays nullptr, and the program leaves the
    // pinned row out.)
    (void)context, (void)n;
}

PinnedFloats::~PinnedFloats()
{
    // TODO 6: give the mapping back and wait until that is done. A destructor must not throw: an
    // OpenCL error here is caught and dropped (the buffer is released anyway).
}
