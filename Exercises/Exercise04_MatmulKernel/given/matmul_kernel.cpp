// Exercise 4: a ready-made host program that runs your kernel. (You write one yourself in Exercise 05;
// here hoc::matmul::Buffers makes the buffers and reads C back, so that only the kernel is new.)
#include "matmul_kernel.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"
#include "hoc/matmul/buffers.hpp"

hoc::matmul::MatmulResult matmulKernel(const cl::Device& device, const std::vector<float>& a,
                                       const std::vector<float>& b, hoc::matmul::Dims d)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)

    // 1. Platform: a context for the device, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: your kernel.
    cl::Program program = hoc::buildProgram(context, device, "matmul_element.cl");

    // 3. Memory: buffers for A and B (copied from the host) and C.
    const hoc::matmul::Buffers mem(context, queue, a, b, d);

    // 4. Kernel: the argument types in the kernel's order (M, N, K, A, B, C).
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, "mmul_element");

    // 5. Commands: a 2D range, dimension 0 over the N columns of C, dimension 1 over its M rows,
    //    rounded up to whole 16 x 16 work-groups (smaller where the kernel cannot have 256 work-items).
    //    Then C is read back.
    const std::size_t side = hoc::matmul::squareLocalSize(mmul.getKernel(), device, 16);
    const cl::NDRange global(hoc::roundUp(d.n, side), hoc::roundUp(d.m, side)), local(side, side);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, mem.a, mem.b, mem.c);
    return mem.readResult(queue, done, global, local);
}
