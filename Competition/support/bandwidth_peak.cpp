#include "bandwidth_peak.hpp"

#include <algorithm>
#include <climits>
#include <vector>

#include "hoc/measure/bandwidth.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/reference.hpp"

#ifndef HOC_COURSE_KERNELS
#define HOC_COURSE_KERNELS ""
#endif

namespace hoc::bandwidth {

double BandwidthResult::peak() const { return std::max(copyKernel.gbps(), copyBuffer.gbps()); }

void requireMeasurable(const cl::Device& device, std::size_t n)
{
    if (n == 0 || n > INT_MAX)
        throw UsageError("bandwidth test: the vector length must be 1 to " + std::to_string(INT_MAX));
    const std::string what = "bandwidth test, N = " + std::to_string(n);
    requireBuffers(device, sizeof(float) * n, 3, what);
    // A, B and C on the host and their three buffers (the copy yardstick, first, holds fewer).
    const double vector = sizeof(float) * static_cast<double>(n);
    requireHostMemory(hostBytes(device, 3 * vector, 3 * vector), what);
}

BandwidthResult measure(const cl::Device& device, std::size_t n, const Repeats& repeats)
{
    requireMeasurable(device, n);
    const double copyBytes = 2.0 * sizeof(float) * n;

    BandwidthResult result;
    result.n = n;
    CopyBenchmark copyKernel(device);
    result.copyKernel = {"copy kernel", copyBytes, 0, {}};
    result.copyKernel.seconds = median(copyKernel.runs(n, repeats, result.copyKernel.check));
    result.copyKernel.name = "copy kernel (" + copyKernel.chosen() + ")";

    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
    cl::Program vaddProgram = buildSource(context, device, readKernelFile("vadd.cl", HOC_COURSE_KERNELS), "vadd.cl",
                                          "");

    const auto a = randomFloats(n, 21), b = randomFloats(n, 22);
    cl::Buffer da(queue, a.begin(), a.end(), true), db(queue, b.begin(), b.end(), true);
    cl::Buffer dc(context, CL_MEM_READ_WRITE, sizeof(float) * n);
    std::vector<float> c(n);

    result.copyBuffer = {"clEnqueueCopyBuffer",
                         copyBytes,
                         medianSeconds(repeats,
                                       [&] {
                                           cl::Event done;
                                           queue.enqueueCopyBuffer(db, dc, 0, 0, sizeof(float) * n, nullptr, &done);
                                           return EventSpan{done, done};
                                       }),
                         {}};
    cl::copy(queue, dc, c.begin(), c.end());
    result.copyBuffer.check = compare(b, c);

    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd(vaddProgram, "vadd");
    const std::size_t local = localSize(vadd.getKernel(), device, 256);
    cl::EnqueueArgs vaddArgs(queue, cl::NDRange(roundUp(n, local)), cl::NDRange(local));
    result.vadd = {"vadd kernel",
                   3.0 * sizeof(float) * n,
                   medianSeconds(repeats,
                                 [&] {
                                     cl::Event done = vadd(vaddArgs, da, db, dc, static_cast<int>(n));
                                     return EventSpan{done, done};
                                 }),
                   {}};
    cl::copy(queue, dc, c.begin(), c.end());
    result.vadd.check = compare(ref::vadd(a, b), c);  // one float addition per element: exact
    return result;
}

}  // namespace hoc::bandwidth
