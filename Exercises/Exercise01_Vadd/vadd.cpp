// Exercise 1: the host program, in the course's five steps.
#include "vadd.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"

VaddResult vadd(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b)
{
    const int count = static_cast<int>(h_a.size());
    VaddResult result;
    result.c.resize(h_a.size());

    // 1. Platform: a context holding the chosen device, and a command-queue to feed it.
    //    Profiling lets us ask the kernel's event how long it ran.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: read vadd.cl and compile it for this device.
    cl::Program program = hoc::buildProgram(context, device, "vadd.cl");

    // 3. Memory: copy A and B into read-only device buffers; C is written by the kernel.
    cl::Buffer d_a(queue, h_a.begin(), h_a.end(), /*readOnly=*/true);
    cl::Buffer d_b(queue, h_b.begin(), h_b.end(), /*readOnly=*/true);
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, sizeof(float) * h_a.size());

    // 4. Kernel: a functor whose argument types match the kernel's parameters.
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd_kernel(program, "vadd");

    // 5. Commands: one work-item per element, the global size rounded up to whole work-groups.
    //    The kernel call returns at once; the blocking copy back waits for it (in-order queue).
    const hoc::Timer timer;
    const std::size_t local = hoc::localSize(vadd_kernel.getKernel(), device, 64);
    const cl::NDRange global(hoc::roundUp(h_a.size(), local));
    cl::Event done = vadd_kernel(cl::EnqueueArgs(queue, global, cl::NDRange(local)), d_a, d_b, d_c, count);
    cl::copy(queue, d_c, result.c.begin(), result.c.end());

    result.timing.wall_s = timer.seconds();
    result.timing.kernel_s = hoc::eventSeconds(done);
    return result;
}
