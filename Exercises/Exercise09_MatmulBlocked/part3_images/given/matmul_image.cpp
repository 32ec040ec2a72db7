// Exercise 9, images: the host program for the kernel of Exercise 04 with A and B as 2D images.
// What changed since Exercise 05: images instead of buffers for A and B, and the checks that the
// device has images at all and that A and B fit in its largest image.
#include "matmul_blocked.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"

namespace {

const cl::ImageFormat kOneFloat(CL_R, CL_FLOAT);  // one float per pixel

}  // namespace

hoc::matmul::MatmulResult matmulImage(const cl::Device& device, const std::vector<float>& a,
                                      const std::vector<float>& b, hoc::matmul::Dims d)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)

    // 1. Platform as in Exercise 05: a context, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
    // Images are optional in OpenCL 1.2, and limited in size: does this device have them, in this
    // format, large enough for A and B? (hoc::matmul::requireImages, hoc/matmul/matmul_host.hpp)
    hoc::matmul::requireImages(device, context, d);

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
