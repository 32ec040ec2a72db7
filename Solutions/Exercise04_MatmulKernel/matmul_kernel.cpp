// Exercise 4: a ready-made host program that runs your kernel. (You write one yourself in Exercise 05;
// here hoc::matmul::Session does steps 1 and 3 and the read-back, so that only the kernel is new.)
#include "matmul_kernel.hpp"

#include "hoc/device.hpp"
#include "hoc/program.hpp"

hoc::matmul::Run matmulKernel(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                              hoc::matmul::Dims d)
{
    // 1 and 3. Platform and memory: a context and queue for the device, buffers for A, B and C.
    hoc::matmul::Session s(device, a, b, d);

    // 2. Program: your kernel.
    cl::Program program = hoc::buildProgram(s.context, device, "matmul_element.cl");

    // 4. Kernel: the argument types in the kernel's order (M, N, K, A, B, C).
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, "mmul_element");

    // 5. Commands: a 2D range, dimension 0 over the N columns of C, dimension 1 over its M rows,
    //    rounded up to whole 16 x 16 work-groups (smaller where the kernel cannot have 256 work-items).
    const std::size_t side = hoc::matmul::squareLocalSize(mmul.getKernel(), device, 16);
    const cl::NDRange global(hoc::roundUp(d.n, side), hoc::roundUp(d.m, side)), local(side, side);
    cl::Event done = mmul(cl::EnqueueArgs(s.queue, global, local), s.M, s.N, s.K, s.a, s.b, s.c);
    return s.finish(done, global, local);
}
