#include "hoc/matmul_host.hpp"

#include <algorithm>
#include <climits>
#include <limits>
#include <sstream>
#include <vector>

#include "hoc/data.hpp"
#include "hoc/device.hpp"
#include "hoc/errors.hpp"

namespace hoc::matmul {
namespace {

std::string kib(std::size_t bytes)
{
    std::ostringstream s;
    s << bytes << " bytes";
    if (bytes >= 1024)
        s << " (" << (bytes + 512) / 1024 << " KiB)";
    return s.str();
}

std::string dimsText(const cl::NDRange& range)
{
    std::string text;
    for (cl::size_type i = 0; i < range.dimensions(); ++i)
        text += (i ? " x " : "") + std::to_string(range[i]);
    return text.empty() ? "chosen by the runtime" : text;
}

void requireSides(const cl::Device& device, std::size_t x, std::size_t y, const std::string& what)
{
    const std::vector<cl::size_type> sides = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    const std::size_t maxX = sides.empty() ? 1 : sides[0], maxY = sides.size() < 2 ? 1 : sides[1];
    if (x > maxX || y > maxY)
        throw Failure(what + " needs work-groups of " + std::to_string(x) + " x " + std::to_string(y) +
                      " work-items; this device allows at most " + std::to_string(maxX) + " x " +
                      std::to_string(maxY) + " (CL_DEVICE_MAX_WORK_ITEM_SIZES)");
}

void requireLocalBytes(const cl::Device& device, std::size_t bytes, const std::string& what, const char* whose)
{
    const std::size_t limit = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    if (bytes > limit)
        throw Failure(what + " needs " + kib(bytes) + " of local memory" + whose + ", more than this device has (" +
                      kib(limit) + ", CL_DEVICE_LOCAL_MEM_SIZE)");
}

void requireKernel(const cl::Kernel& kernel, const cl::Device& device, std::size_t items, std::size_t localBytes,
                   const std::string& what, const std::string& shape)
{
    const std::string name = kernel.getInfo<CL_KERNEL_FUNCTION_NAME>();
    const std::size_t limit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    if (items > limit)
        throw Failure(what + " needs work-groups of " + shape + " work-items; kernel " + name +
                      " allows at most " + std::to_string(limit) + " on this device (CL_KERNEL_WORK_GROUP_SIZE)");
    const std::size_t own = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
    requireLocalBytes(device, own + localBytes, what,
                      own ? " (with the kernel's own __local variables, CL_KERNEL_LOCAL_MEM_SIZE)" : "");
}

}  // namespace

KernelDims kernelDims(Dims d)
{
    const auto fits = [](std::size_t rows, std::size_t cols) {
        return rows > 0 && cols > 0 && rows <= static_cast<std::size_t>(INT_MAX) / cols;
    };
    if (!fits(d.m, d.k) || !fits(d.k, d.n) || !fits(d.m, d.n))
        throw Failure(d.text() + ": the kernels index A, B and C with int, so M*K, K*N and M*N must each be "
                                 "between 1 and " + std::to_string(INT_MAX) + "; choose smaller sizes");
    return {static_cast<int>(d.m), static_cast<int>(d.n), static_cast<int>(d.k)};
}

void requireMatrices(const cl::Device& device, Dims d)
{
    kernelDims(d);
    const double a = 4.0 * d.m * d.k, b = 4.0 * d.k * d.n, c = 4.0 * d.m * d.n;
    requireBuffers(device, a, 1, "A (M x K), " + d.text());
    requireBuffers(device, b, 1, "B (K x N), " + d.text());
    requireBuffers(device, c, 1, "C (M x N), " + d.text());
    const double global = static_cast<double>(device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>());
    if (a + b + c > global)
        throw Failure(d.text() + ": A, B and C need " + std::to_string(static_cast<long long>((a + b + c) / 1048576)) +
                      " MiB together, more than this device's global memory (" +
                      std::to_string(static_cast<long long>(global / 1048576)) +
                      " MiB, CL_DEVICE_GLOBAL_MEM_SIZE); choose smaller sizes");
}

Inputs randomInputs(Dims d)
{
    return {randomFloats(d.m * d.k, 1, -1.0f, 1.0f), randomFloats(d.k * d.n, 2, -1.0f, 1.0f)};
}

std::string launchText(const cl::NDRange& global, const cl::NDRange& local)
{
    return "global " + dimsText(global) + ", local " + dimsText(local);
}

std::size_t squareLocalSize(const cl::Kernel& kernel, const cl::Device& device, std::size_t preferred)
{
    const std::size_t limit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    const std::vector<cl::size_type> sides = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    std::size_t t = std::max<std::size_t>(1, preferred);
    if (sides.size() >= 2)
        t = std::min<std::size_t>({t, sides[0], sides[1]});
    while (t > 1 && t * t > limit)
        --t;
    return t;
}

void requireTile(const cl::Device& device, std::size_t tile, std::size_t localBytes, const std::string& what)
{
    if (tile == 0)
        throw Failure(what + ": the tile side must be at least 1");
    const std::size_t limit = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    if (tile > limit || tile * tile > limit)
        throw Failure(what + " needs work-groups of " + std::to_string(tile) + " x " + std::to_string(tile) + " = " +
                      std::to_string(tile * tile) + " work-items; this device allows at most " +
                      std::to_string(limit) + " (CL_DEVICE_MAX_WORK_GROUP_SIZE)");
    requireSides(device, tile, tile, what);
    requireLocalBytes(device, localBytes, what, "");
}

void requireTile(const cl::Kernel& kernel, const cl::Device& device, std::size_t tile, std::size_t localBytes,
                 const std::string& what)
{
    requireTile(device, tile, localBytes, what);
    requireKernel(kernel, device, tile * tile, localBytes, what,
                  std::to_string(tile) + " x " + std::to_string(tile) + " = " + std::to_string(tile * tile));
}

void requireGroup(const cl::Kernel& kernel, const cl::Device& device, std::size_t size, std::size_t localBytes,
                  const std::string& what)
{
    requireKernel(kernel, device, size, localBytes, what, std::to_string(size));
}

Session::Session(const cl::Device& device, Dims d)
    : dims(d),
      M(kernelDims(d).m),
      N(kernelDims(d).n),
      K(kernelDims(d).k),
      context(device),
      queue(context, device, CL_QUEUE_PROFILING_ENABLE),
      c(context, CL_MEM_READ_WRITE, sizeof(float) * d.m * d.n)
{
    // NaN in every element: an element the kernel never writes, or adds to before setting it, stays NaN
    // and fails the check, instead of passing by luck where fresh memory happens to be zero.
    // Written from the host, not with clEnqueueFillBuffer, which oclgrind's uninitialized-memory
    // check does not see as a write (every read of C would be reported).
    const std::vector<float> nan(d.m * d.n, std::numeric_limits<float>::quiet_NaN());
    queue.enqueueWriteBuffer(c, CL_TRUE, 0, sizeof(float) * nan.size(), nan.data());
}

Session::Session(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b, Dims d)
    : Session(device, d)
{
    if (h_a.size() != d.m * d.k || h_b.size() != d.k * d.n)
        throw Failure("A has " + std::to_string(h_a.size()) + " and B " + std::to_string(h_b.size()) +
                      " elements, but " + d.text() + " needs M*K and K*N");
    a = cl::Buffer(queue, h_a.begin(), h_a.end(), /*readOnly=*/true);
    b = cl::Buffer(queue, h_b.begin(), h_b.end(), /*readOnly=*/true);
}

Run Session::finish(const cl::Event& kernel, const cl::NDRange& global, const cl::NDRange& local)
{
    const Timer timer;
    Run run;
    run.c.resize(dims.m * dims.n);
    cl::copy(queue, c, run.c.begin(), run.c.end());
    run.timing.wall_s = timer.seconds();
    run.timing.kernel_s = eventSeconds(kernel);
    run.launch = launchText(global, local);
    return run;
}

}  // namespace hoc::matmul
