// Exercise 7: the host program for the row of A in private memory. What changed since Exercise 06:
// the kernel, and the length of its private array, fixed when the kernel is compiled (-DCHUNK=...).
#include "matmul_private_row.hpp"

#include <string>

#include "hoc/device.hpp"
#include "hoc/program.hpp"

hoc::matmul::Run matmulPrivateRow(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                                  hoc::matmul::Dims d, std::size_t chunk)
{
    // 1 and 3. Platform and memory as in Exercise 05: context, queue, buffers for A, B and C.
    hoc::matmul::Session s(device, a, b, d);

    // 2. Program: a private array needs a size known to the compiler, so it is a build option.
    cl::Program program =
        hoc::buildProgram(s.context, device, "matmul_private_row.cl", "-DCHUNK=" + std::to_string(chunk));

    // 4. Kernel
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, "mmul_private_row");

    // 5. Commands: as in Exercise 06, one work-item per row of C in work-groups of 64.
    const std::size_t group = hoc::localSize(mmul.getKernel(), device, 64);
    const cl::NDRange global(hoc::roundUp(d.m, group)), local(group);
    cl::Event done = mmul(cl::EnqueueArgs(s.queue, global, local), s.M, s.N, s.K, s.a, s.b, s.c);
    return s.finish(done, global, local);
}
