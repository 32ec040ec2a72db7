#include "hoc/bandwidth_peak.hpp"

#include <algorithm>
#include <climits>
#include <functional>
#include <vector>

#include "hoc/data.hpp"
#include "hoc/device.hpp"
#include "hoc/errors.hpp"
#include "hoc/program.hpp"
#include "hoc/reference.hpp"
#include "hoc/timing.hpp"

#ifndef HOC_COURSE_KERNELS
#define HOC_COURSE_KERNELS ""
#endif

namespace hoc::bandwidth {
namespace {

// Median time of `repeats` runs of `enqueue` after one warm-up run.
double medianSeconds(int repeats, const std::function<cl::Event()>& enqueue)
{
    enqueue().wait();
    std::vector<double> times;
    for (int r = 0; r < std::max(repeats, 1); ++r) {
        cl::Event done = enqueue();
        done.wait();
        times.push_back(eventSeconds(done));
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

}  // namespace

double Result::peak() const
{
    return std::max(copyKernel.gbps(), copyBuffer.gbps());
}

Result measure(const cl::Device& device, std::size_t n, int repeats)
{
    if (n == 0 || n > INT_MAX)
        throw Failure("bandwidth test: the vector length must be 1 to " + std::to_string(INT_MAX));
    requireBuffers(device, sizeof(float) * n, 3, "bandwidth test, N = " + std::to_string(n));
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
    cl::Program copyProgram =
        buildSource(context, device, readKernelFile("bandwidth_copy.cl", HOC_COURSE_KERNELS), "bandwidth_copy.cl", "");
    cl::Program vaddProgram = buildSource(context, device, readKernelFile("vadd.cl", HOC_COURSE_KERNELS), "vadd.cl", "");

    const auto a = randomFloats(n, 21), b = randomFloats(n, 22);
    cl::Buffer da(queue, a.begin(), a.end(), true), db(queue, b.begin(), b.end(), true);
    cl::Buffer dc(context, CL_MEM_READ_WRITE, sizeof(float) * n);
    std::vector<float> c(n);
    const int count = static_cast<int>(n);

    Result result;
    result.n = n;
    cl::KernelFunctor<cl::Buffer, cl::Buffer, int> copy(copyProgram, "copy_float");
    std::size_t local = localSize(copy.getKernel(), device, 256);
    cl::EnqueueArgs copyArgs(queue, cl::NDRange(roundUp(n, local)), cl::NDRange(local));
    result.copyKernel = {"copy kernel", 2.0 * sizeof(float) * n, medianSeconds(repeats, [&] { return copy(copyArgs, da, dc, count); }), {}};
    cl::copy(queue, dc, c.begin(), c.end());
    result.copyKernel.check = compare(a, c);

    result.copyBuffer = {"clEnqueueCopyBuffer", 2.0 * sizeof(float) * n, medianSeconds(repeats, [&] {
                             cl::Event done;
                             queue.enqueueCopyBuffer(db, dc, 0, 0, sizeof(float) * n, nullptr, &done);
                             return done;
                         }), {}};
    cl::copy(queue, dc, c.begin(), c.end());
    result.copyBuffer.check = compare(b, c);

    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd(vaddProgram, "vadd");
    local = localSize(vadd.getKernel(), device, 256);
    cl::EnqueueArgs vaddArgs(queue, cl::NDRange(roundUp(n, local)), cl::NDRange(local));
    result.vadd = {"vadd kernel", 3.0 * sizeof(float) * n, medianSeconds(repeats, [&] { return vadd(vaddArgs, da, db, dc, count); }), {}};
    cl::copy(queue, dc, c.begin(), c.end());
    result.vadd.check = compare(ref::vadd(a, b), c);  // one float addition per element: exact
    return result;
}

}  // namespace hoc::bandwidth
