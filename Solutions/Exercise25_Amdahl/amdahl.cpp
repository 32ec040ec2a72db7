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

Program worthAFasterKernel()
{
    // vadd moves 12 bytes per addition over PCIe, matmul 12 N^2 bytes for 2 N^3 flops: its kernel is
    // the larger share of its run.
    return Program::matmul;
}

PinnedFloats::PinnedFloats(const cl::Context& context, const cl::CommandQueue& queue, std::size_t n)
    : queue_(queue), buffer_(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, sizeof(float) * n)
{
    // Allocated by OpenCL on the host side, and mapped once: the host reads and writes it through
    // data_, and the device copies from and to it without a staging copy.
    data_ = static_cast<float*>(
        queue_.enqueueMapBuffer(buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, sizeof(float) * n));
}

PinnedFloats::~PinnedFloats()
{
    try {
        if (data_)
            queue_.enqueueUnmapMemObject(buffer_, data_);
        queue_.finish();
    } catch (...) {  // a destructor must not throw; the buffer is released anyway
    }
}
