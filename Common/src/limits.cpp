#include "hoc/limits.hpp"

#include <vector>

#include "hoc/errors.hpp"

namespace hoc {

void requireWorkGroupSize(const cl::Kernel& kernel, const cl::Device& device, std::size_t size,
                          const std::string& what)
{
    const std::size_t limit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    if (size == 0 || size > limit)
        throw Failure(what + ": a work-group of " + std::to_string(size) + " work-items; kernel '" +
                      kernel.getInfo<CL_KERNEL_FUNCTION_NAME>() + "' allows 1 to " + std::to_string(limit) +
                      " on this device (CL_KERNEL_WORK_GROUP_SIZE)");
}

void requireWorkGroupSize2D(const cl::Kernel& kernel, const cl::Device& device, std::size_t x, std::size_t y,
                            const std::string& what)
{
    const std::vector<std::size_t> sides = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    const std::size_t maxX = sides.size() > 0 ? sides[0] : 1, maxY = sides.size() > 1 ? sides[1] : 1;
    if (x == 0 || y == 0 || x > maxX || y > maxY)
        throw Failure(what + ": a work-group of " + std::to_string(x) + " x " + std::to_string(y) +
                      "; this device allows at most " + std::to_string(maxX) + " x " + std::to_string(maxY) +
                      " (CL_DEVICE_MAX_WORK_ITEM_SIZES)");
    requireWorkGroupSize(kernel, device, x * y, what);
}

void requireLocalMemory(const cl::Kernel& kernel, const cl::Device& device, std::size_t bytes,
                        const std::string& what)
{
    const auto own = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
    const auto limit = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    if (bytes + own > limit)
        throw Failure(what + ": kernel '" + kernel.getInfo<CL_KERNEL_FUNCTION_NAME>() + "' needs " +
                      std::to_string(bytes + own) + " bytes of local memory, more than this device has (" +
                      std::to_string(limit) + ", CL_DEVICE_LOCAL_MEM_SIZE)");
}

void requireLocalMemory(const cl::Device& device, std::size_t bytes, const std::string& what)
{
    const auto limit = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    if (bytes > limit)
        throw Failure(what + " needs " + std::to_string(bytes) + " bytes of local memory, more than this device has (" +
                      std::to_string(limit) + ", CL_DEVICE_LOCAL_MEM_SIZE)");
}

}  // namespace hoc
