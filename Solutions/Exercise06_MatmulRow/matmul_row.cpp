// Exercise 6: the host program for one row of C per work-item. What changed since Exercise 05: the
// kernel, and step 5's range (1D, one work-item per row, work-groups of 64 chosen by us).
#include "matmul_row.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"
#include "hoc/matmul/buffers.hpp"

hoc::matmul::MatmulResult matmulRow(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                                    hoc::matmul::Dims d)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)

    // 1. Platform as in Exercise 05: a context, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program
    cl::Program program = hoc::buildProgram(context, device, "matmul_row.cl");

    // 3. Memory as in Exercise 05: buffers for A, B and C (hoc::matmul::Buffers).
    const hoc::matmul::Buffers mem(context, queue, a, b, d);

    // 4. Kernel
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, "mmul_row");

    // 5. Commands: a 1D range, one work-item per row of C, in work-groups of 64 work-items (fewer
    //    if the kernel cannot have 64 on this device). M is rounded up to whole work-groups.
    const std::size_t group = hoc::localSize(mmul.getKernel(), device, 64);
    const cl::NDRange global(hoc::roundUp(d.m, group)), local(group);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, mem.a, mem.b, mem.c);
    return mem.readResult(queue, done, global, local);
}
