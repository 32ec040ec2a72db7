#include "hoc/matmul/buffers.hpp"

#include <limits>
#include <string>
#include <vector>

#include "hoc/common/errors.hpp"
#include "hoc/common/timing.hpp"

namespace hoc::matmul {

Buffers::Buffers(const cl::Context& context, const cl::CommandQueue& queue, Dims d)
    : dims(d), c(context, CL_MEM_READ_WRITE, sizeof(float) * d.m * d.n)
{
    // NaN in every element: an element the kernel never writes, or adds to before setting it, stays NaN
    // and fails the check, instead of passing by luck where fresh memory happens to be zero.
    // Written from the host, not with clEnqueueFillBuffer, which oclgrind's uninitialized-memory
    // check does not see as a write (every read of C would be reported).
    const std::vector<float> nan(d.m * d.n, std::numeric_limits<float>::quiet_NaN());
    queue.enqueueWriteBuffer(c, CL_TRUE, 0, sizeof(float) * nan.size(), nan.data());
}

Buffers::Buffers(const cl::Context& context, const cl::CommandQueue& queue, const std::vector<float>& h_a,
                 const std::vector<float>& h_b, Dims d)
    : Buffers(context, queue, d)
{
    if (h_a.size() != d.m * d.k || h_b.size() != d.k * d.n)
        throw Failure("A has " + std::to_string(h_a.size()) + " and B " + std::to_string(h_b.size()) +
                      " elements, but " + d.text() + " needs M*K and K*N");
    a = cl::Buffer(queue, h_a.begin(), h_a.end(), /*readOnly=*/true);  // in the queue's context
    b = cl::Buffer(queue, h_b.begin(), h_b.end(), /*readOnly=*/true);
}

MatmulResult Buffers::readResult(const cl::CommandQueue& queue, const cl::Event& kernel, const cl::NDRange& global,
                                 const cl::NDRange& local) const
{
    const Timer timer;
    MatmulResult result;
    result.c.resize(dims.m * dims.n);
    cl::copy(queue, c, result.c.begin(), result.c.end());
    result.timing.wall_s = timer.seconds();
    result.timing.kernel_s = eventSeconds(kernel);
    result.launch = launchText(global, local);
    return result;
}

}  // namespace hoc::matmul
