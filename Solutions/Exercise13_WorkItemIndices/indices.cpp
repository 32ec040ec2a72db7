// Exercise 13: a 2D range whose work-items record their global, local and work-group ids.
#include "indices.hpp"

#include <algorithm>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"

namespace {

// The shape must tile the range exactly and fit the device and the kernel.
void checkShape(const cl::Kernel& kernel, const cl::Device& device, std::size_t width, std::size_t height, Shape group)
{
    const std::string shape = std::to_string(group.x) + "x" + std::to_string(group.y);
    const std::string range = std::to_string(width) + "x" + std::to_string(height);
    if (width % group.x != 0 || height % group.y != 0)
        throw hoc::UsageError("work-groups of " + shape + " do not divide the range " + range +
                              ": in OpenCL 1.2 each dimension of the range must be a multiple of the work-group's");
    const auto itemSizes = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    const std::size_t extent[2] = {group.x, group.y};
    for (int d = 0; d < 2; ++d)
        if (extent[d] > itemSizes[d])
            throw hoc::UsageError("work-groups of " + shape + " have " + std::to_string(extent[d]) +
                                  " work-items in dimension " + std::to_string(d) + ", more than this device allows (" +
                                  std::to_string(itemSizes[d]) + ", CL_DEVICE_MAX_WORK_ITEM_SIZES[" +
                                  std::to_string(d) + "])");
    const std::size_t deviceLimit = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    const std::size_t kernelLimit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    if (group.x * group.y > std::min(deviceLimit, kernelLimit))
        throw hoc::UsageError(
            "work-groups of " + shape + " have " + std::to_string(group.x * group.y) + " work-items, more than " +
            (kernelLimit < deviceLimit
                 ? "this kernel can use on this device (" + std::to_string(kernelLimit) + ", CL_KERNEL_WORK_GROUP_SIZE)"
                 : "this device allows (" + std::to_string(deviceLimit) + ", CL_DEVICE_MAX_WORK_GROUP_SIZE)"));
}

}  // namespace

IndexGrids recordIds(const cl::Device& device, std::size_t width, std::size_t height, Shape group)
{
    // 1. Platform.
    cl::Context context(device);
    cl::CommandQueue queue(context, device);

    // 2. Program.
    cl::Program program = hoc::buildProgram(context, device, "indices.cl");

    // 3. Memory: six planes of width x height ints, filled with -1 so that an id no work-item wrote
    //    stands out. The work-group shape is checked first, against the kernel's limit on this device
    //    (checkShape, above): a shape that cannot run is refused before anything is allocated.
    checkShape(cl::Kernel(program, "record_ids"), device, width, height, group);
    const std::size_t plane = width * height;
    std::vector<int> ids(6 * plane, -1);
    cl::Buffer d_ids(queue, ids.begin(), ids.end(), /*readOnly=*/false);

    // 4. Kernel.
    cl::KernelFunctor<cl::Buffer, int, int> record(program, "record_ids");

    // 5. Commands: a 2D range of width x height work-items in work-groups of group.x x group.y.
    record(cl::EnqueueArgs(queue, cl::NDRange(width, height), cl::NDRange(group.x, group.y)), d_ids,
           static_cast<int>(width), static_cast<int>(height));
    cl::copy(queue, d_ids, ids.begin(), ids.end());

    IndexGrids grids;
    grids.width = width;
    grids.height = height;
    grids.group = group;
    auto planeAt = [&](std::size_t p) {
        return std::vector<int>(ids.begin() + p * plane, ids.begin() + (p + 1) * plane);
    };
    grids.global_x = planeAt(0);
    grids.global_y = planeAt(1);
    grids.local_x = planeAt(2);
    grids.local_y = planeAt(3);
    grids.group_x = planeAt(4);
    grids.group_y = planeAt(5);
    return grids;
}
