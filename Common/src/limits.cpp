#include "hoc/common/limits.hpp"

#include <vector>

#include "hoc/common/errors.hpp"

namespace hoc {
namespace {

// "16384 bytes (16 KiB)"
std::string bytesText(std::size_t bytes)
{
    std::string text = std::to_string(bytes) + " bytes";
    if (bytes >= 1024)
        text += " (" + std::to_string((bytes + 512) / 1024) + " KiB)";
    return text;
}

// "16 x 16 = 256"
std::string shapeText(std::size_t x, std::size_t y)
{
    return std::to_string(x) + " x " + std::to_string(y) + " = " + std::to_string(x * y);
}

void requireSides(const cl::Device& device, std::size_t x, std::size_t y, const std::string& what)
{
    const std::vector<cl::size_type> sides = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    const std::size_t maxX = sides.size() > 0 ? sides[0] : 1, maxY = sides.size() > 1 ? sides[1] : 1;
    if (x == 0 || y == 0 || x > maxX || y > maxY)
        throw UsageError(what + ": a work-group of " + std::to_string(x) + " x " + std::to_string(y) +
                         "; this device allows at most " + std::to_string(maxX) + " x " + std::to_string(maxY) +
                         " (CL_DEVICE_MAX_WORK_ITEM_SIZES)");
}

// A work-group of `items` work-items (`shape`: "256" or "16 x 16 = 256") for a built kernel.
void requireKernelItems(const cl::Kernel& kernel, const cl::Device& device, std::size_t items, const std::string& shape,
                        const std::string& what)
{
    const std::size_t limit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    if (items == 0 || items > limit)
        throw UsageError(what + ": a work-group of " + shape + " work-items; kernel '" +
                         kernel.getInfo<CL_KERNEL_FUNCTION_NAME>() + "' allows 1 to " + std::to_string(limit) +
                         " on this device (CL_KERNEL_WORK_GROUP_SIZE)");
}

}  // namespace

void requireWorkGroupSize2D(const cl::Device& device, std::size_t x, std::size_t y, const std::string& what)
{
    const std::size_t limit = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    if (x == 0 || y == 0 || x > limit || y > limit || x * y > limit)
        throw UsageError(what + ": a work-group of " + shapeText(x, y) + " work-items; this device allows 1 to " +
                         std::to_string(limit) + " (CL_DEVICE_MAX_WORK_GROUP_SIZE)");
    requireSides(device, x, y, what);
}

void requireWorkGroupSize(const cl::Kernel& kernel, const cl::Device& device, std::size_t size, const std::string& what)
{
    requireKernelItems(kernel, device, size, std::to_string(size), what);
}

void requireWorkGroupSize2D(const cl::Kernel& kernel, const cl::Device& device, std::size_t x, std::size_t y,
                            const std::string& what)
{
    requireSides(device, x, y, what);
    requireKernelItems(kernel, device, x * y, shapeText(x, y), what);
}

void requireWorkGroupSize3D(const cl::Kernel& kernel, const cl::Device& device, std::size_t x, std::size_t y,
                            std::size_t z, const std::string& what)
{
    const std::vector<cl::size_type> sides = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    const std::size_t asked[3] = {x, y, z};
    std::string limits;
    bool fits = true;
    for (std::size_t d = 0; d < 3; ++d) {
        const std::size_t most = d < sides.size() ? sides[d] : 1;
        limits += (d > 0 ? " x " : "") + std::to_string(most);
        fits = fits && asked[d] >= 1 && asked[d] <= most;
    }
    const std::string shape = std::to_string(x) + " x " + std::to_string(y) + " x " + std::to_string(z);
    if (!fits)
        throw UsageError(what + ": a work-group of " + shape + "; this device allows at most " + limits +
                         " (CL_DEVICE_MAX_WORK_ITEM_SIZES)");
    requireKernelItems(kernel, device, x * y * z, shape + " = " + std::to_string(x * y * z), what);
}

void requireLocalMemory(const cl::Device& device, std::size_t bytes, const std::string& what)
{
    const std::size_t limit = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    if (bytes > limit)
        throw UsageError(what + " needs " + bytesText(bytes) + " of local memory, more than this device has (" +
                         bytesText(limit) + ", CL_DEVICE_LOCAL_MEM_SIZE)");
}

void requireLocalMemory(const cl::Kernel& kernel, const cl::Device& device, std::size_t bytes, const std::string& what)
{
    const std::size_t own = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
    const std::size_t limit = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    if (bytes + own > limit)
        throw UsageError(what + ": kernel '" + kernel.getInfo<CL_KERNEL_FUNCTION_NAME>() + "' needs " +
                         bytesText(bytes + own) + " of local memory" +
                         (own > 0 ? " (with its own __local variables, CL_KERNEL_LOCAL_MEM_SIZE)" : "") +
                         ", more than this device has (" + bytesText(limit) + ", CL_DEVICE_LOCAL_MEM_SIZE)");
}

}  // namespace hoc
