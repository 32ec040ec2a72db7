// Exercise 7: the host program for the row of A in private memory. What changed since Exercise 06:
// the kernel, and the length of its private array, fixed when the kernel is compiled (-DCHUNK=...).
#include "matmul_private_row.hpp"

#include <string>

#include "hoc/device.hpp"
#include "hoc/program.hpp"

hoc::matmul::MatmulResult matmulPrivateRow(const cl::Device& device, const std::vector<float>& a,
                                           const std::vector<float>& b, hoc::matmul::Dims d, std::size_t chunk)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)

    // 1. Platform as in Exercise 05: a context, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: a private array needs a size known to the compiler, so it is a build option.
    cl::Program program =
        hoc::buildProgram(context, device, "matmul_private_row.cl", "-DCHUNK=" + std::to_string(chunk));

    // 3. Memory as in Exercise 05: buffers for A, B and C (hoc::matmul::Buffers).
    const hoc::matmul::Buffers mem(context, queue, a, b, d);

    // 4. Kernel
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, "mmul_private_row");

    // 5. Commands: as in Exercise 06, one work-item per row of C in work-groups of 64.
    const std::size_t group = hoc::localSize(mmul.getKernel(), device, 64);
    const cl::NDRange global(hoc::roundUp(d.m, group)), local(group);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, mem.a, mem.b, mem.c);
    return mem.readResult(queue, done, global, local);
}
