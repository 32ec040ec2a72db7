// Exercise 5: the host program for the kernel of Exercise 04, in the course's five steps.
#include "matmul_host.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"

hoc::matmul::MatmulResult matmulHost(const cl::Device& device, const std::vector<float>& h_a,
                                     const std::vector<float>& h_b, hoc::matmul::Dims d)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)
    hoc::matmul::MatmulResult result;
    result.c.resize(d.m * d.n);

    // 1. Platform: a context holding the device, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: the kernel you wrote in Exercise 04, compiled for this device.
    cl::Program program = hoc::buildProgram(context, device, "matmul_element.cl");

    // 3. Memory: A and B copied into read-only buffers; C (M x N floats) is written by the kernel.
    cl::Buffer d_a(queue, h_a.begin(), h_a.end(), /*readOnly=*/true);
    cl::Buffer d_b(queue, h_b.begin(), h_b.end(), /*readOnly=*/true);
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, sizeof(float) * result.c.size());

    // 4. Kernel: a functor whose argument types match mmul_element's parameters.
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, "mmul_element");

    // 5. Commands: one work-item per element of C. Dimension 0 runs over the N columns, dimension 1
    //    over the M rows, each rounded up to whole 16 x 16 work-groups (or the largest square the
    //    kernel allows); the kernel skips work-items outside C. Then copy C back (blocking).
    const hoc::Timer timer;
    const std::size_t side = hoc::matmul::squareLocalSize(mmul.getKernel(), device, 16);
    const cl::NDRange global(hoc::roundUp(d.n, side), hoc::roundUp(d.m, side));
    const cl::NDRange local(side, side);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, d_a, d_b, d_c);
    cl::copy(queue, d_c, result.c.begin(), result.c.end());

    result.timing.wall_s = timer.seconds();
    result.timing.kernel_s = hoc::eventSeconds(done);
    result.launch = hoc::matmul::launchText(global, local);
    return result;
}
