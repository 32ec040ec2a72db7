#include "hoc/matmul/matmul_host.hpp"

#include "hoc/matmul/dims.hpp"

#include <algorithm>
#include <climits>
#include <vector>

#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"

namespace hoc::matmul {
namespace {

std::string dimsText(const cl::NDRange& range)
{
    std::string text;
    for (cl::size_type i = 0; i < range.dimensions(); ++i)
        text += (i ? " x " : "") + std::to_string(range[i]);
    return text.empty() ? "chosen by the runtime" : text;
}

}  // namespace

KernelDims kernelDims(Dims d)
{
    const auto fits = [](std::size_t rows, std::size_t cols) {
        return rows > 0 && cols > 0 && rows <= static_cast<std::size_t>(INT_MAX) / cols;
    };
    if (!fits(d.m, d.k) || !fits(d.k, d.n) || !fits(d.m, d.n))
        throw UsageError(d.text() +
                         ": the kernels index A, B and C with int, so M*K, K*N and M*N must each be "
                         "between 1 and " +
                         std::to_string(INT_MAX) + "; choose smaller sizes");
    return {static_cast<int>(d.m), static_cast<int>(d.n), static_cast<int>(d.k)};
}

void requireHostMemory(const cl::Device& device, Dims d, const std::string& what)
{
    const double a = 4.0 * d.m * d.k, b = 4.0 * d.k * d.n, c = 4.0 * d.m * d.n;
    hoc::requireHostMemory(hostBytes(device, a + b + c + 2.0 * 8.0 * d.m * d.n, a + b + c), what);
}

void requireMatrices(const cl::Device& device, Dims d)
{
    kernelDims(d);
    const double a = 4.0 * d.m * d.k, b = 4.0 * d.k * d.n, c = 4.0 * d.m * d.n;
    requireHostMemory(device, d, d.text());
    requireBuffers(device, a, 1, "A (M x K), " + d.text());
    requireBuffers(device, b, 1, "B (K x N), " + d.text());
    requireBuffers(device, c, 1, "C (M x N), " + d.text());
    const double global = static_cast<double>(device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>());
    if (a + b + c > global)
        throw UsageError(d.text() + ": A, B and C need " +
                         std::to_string(static_cast<long long>((a + b + c) / 1048576)) +
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

std::size_t elementGroupSide(const cl::Kernel& kernel, const cl::Device& device)
{
    const std::size_t limit = localSize(kernel, device, 256);
    std::size_t side = 16;
    while (side > 1 && side * side > limit)
        side /= 2;
    return side;
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

void writePadded(const cl::CommandQueue& queue, const cl::Buffer& buffer, const std::vector<float>& host,
                 std::size_t rows, std::size_t cols, std::size_t paddedRows, std::size_t pitch)
{
    if (rows == paddedRows && cols == pitch) {
        queue.enqueueWriteBuffer(buffer, CL_TRUE, 0, sizeof(float) * host.size(), host.data());
        return;
    }
    std::vector<float> padded(paddedRows * pitch, 0.0f);
    for (std::size_t r = 0; r < rows; ++r)
        std::copy_n(host.begin() + static_cast<std::ptrdiff_t>(r * cols), cols,
                    padded.begin() + static_cast<std::ptrdiff_t>(r * pitch));
    queue.enqueueWriteBuffer(buffer, CL_TRUE, 0, sizeof(float) * padded.size(), padded.data());
}

std::vector<float> readUnpadded(const cl::CommandQueue& queue, const cl::Buffer& buffer, std::size_t rows,
                                std::size_t cols, std::size_t pitch)
{
    std::vector<float> c(rows * cols);
    queue.enqueueReadBufferRect(buffer, CL_TRUE, {0, 0, 0}, {0, 0, 0}, {sizeof(float) * cols, rows, 1},
                                sizeof(float) * pitch, 0, sizeof(float) * cols, 0, c.data());
    return c;
}

void requireImages(const cl::Device& device, const cl::Context& context, Dims d)
{
    const std::string name = device.getInfo<CL_DEVICE_NAME>();
    if (!device.getInfo<CL_DEVICE_IMAGE_SUPPORT>())
        throw hoc::Unsupported(name +
                               " has no images (CL_DEVICE_IMAGE_SUPPORT is false): the image variant cannot run");
    const std::size_t width = device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
    const std::size_t height = device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
    // A is K pixels wide and M high, B is N wide and K high.
    if (std::max(d.k, d.n) > width || std::max(d.m, d.k) > height)
        throw hoc::Unsupported(d.text() + ": A (" + std::to_string(d.k) + " x " + std::to_string(d.m) +
                               " pixels) or B (" + std::to_string(d.n) + " x " + std::to_string(d.k) +
                               ") is larger than the largest 2D image of " + name + ", " + std::to_string(width) +
                               " x " + std::to_string(height) +
                               " (CL_DEVICE_IMAGE2D_MAX_WIDTH x CL_DEVICE_IMAGE2D_MAX_HEIGHT)");
    std::vector<cl::ImageFormat> formats;
    context.getSupportedImageFormats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, &formats);
    const bool found = std::any_of(formats.begin(), formats.end(), [](const cl::ImageFormat& f) {
        return f.image_channel_order == CL_R && f.image_channel_data_type == CL_FLOAT;
    });
    if (!found)
        throw hoc::Unsupported(name + " has no read-only 2D images of one float per pixel (CL_R, CL_FLOAT)");
}

void requireDeclaredTile(const cl::Kernel& kernel, const cl::Device& device, std::size_t tile,
                         const std::string& kernelName)
{
    const auto declared = kernel.getWorkGroupInfo<CL_KERNEL_COMPILE_WORK_GROUP_SIZE>(device);
    if (declared[0] != tile || declared[1] != tile || declared[2] != 1)
        throw hoc::Failure(kernelName + " built with -DREQUIRE_GROUP_SIZE -DTILE=" + std::to_string(tile) +
                           " declares the work-group size " + std::to_string(declared[0]) + " x " +
                           std::to_string(declared[1]) + " x " + std::to_string(declared[2]) +
                           " (CL_KERNEL_COMPILE_WORK_GROUP_SIZE; 0 x 0 x 0 means none); it should declare "
                           "TILE x TILE x 1 with the attribute reqd_work_group_size");
}

}  // namespace hoc::matmul
