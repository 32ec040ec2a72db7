// Exercise 9, images: the host program for the kernel of Exercise 04 with A and B as 2D images.
// What changed since Exercise 05: images instead of buffers for A and B, and the checks that the
// device has images at all and that A and B fit in its largest image.
#include "matmul_blocked.hpp"

#include <algorithm>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"

namespace {

const cl::ImageFormat kOneFloat(CL_R, CL_FLOAT);  // one float per pixel

// Images are optional in OpenCL 1.2, and limited in size.
void requireImages(const cl::Device& device, const cl::Context& context, hoc::matmul::Dims d)
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

}  // namespace

hoc::matmul::MatmulResult matmulImage(const cl::Device& device, const std::vector<float>& a,
                                      const std::vector<float>& b, hoc::matmul::Dims d)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)

    // 1. Platform as in Exercise 05: a context, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
    requireImages(device, context, d);

    // 2. Program
    cl::Program program = hoc::buildProgram(context, device, "matmul_image.cl");

    // 3. Memory: A and B as 2D images, width = columns, height = rows, copied from the host; a
    //    buffer for C as before (hoc::matmul::Buffers without A and B).
    cl::Image2D imageA(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kOneFloat, d.k, d.m, 0,
                       const_cast<float*>(a.data()));
    cl::Image2D imageB(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kOneFloat, d.n, d.k, 0,
                       const_cast<float*>(b.data()));
    const hoc::matmul::Buffers mem(context, queue, d);

    // 4. Kernel: images are passed as cl::Image2D.
    cl::KernelFunctor<int, int, int, cl::Image2D, cl::Image2D, cl::Buffer> mmul(program, "mmul_image");

    // 5. Commands: as in Exercise 05, one work-item per element of C.
    const std::size_t side = hoc::matmul::squareLocalSize(mmul.getKernel(), device, 16);
    const cl::NDRange global(hoc::roundUp(d.n, side), hoc::roundUp(d.m, side)), local(side, side);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, imageA, imageB, mem.c);
    return mem.readResult(queue, done, global, local);
}
