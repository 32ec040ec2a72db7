// Exercise 3: the host side of a kernel with more arguments.
#include "vadd3.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"

Vadd3Result vadd3(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b,
                  [[maybe_unused]] const std::vector<float>& h_c)
{
    const int count = static_cast<int>(h_a.size());
    Vadd3Result result;
    result.d.resize(h_a.size());

    // 1. Platform: context and in-order queue for the chosen device.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: vadd3.cl holds the three-input kernel.
    cl::Program program = hoc::buildProgram(context, device, "vadd3.cl");

    // 3. Memory: three inputs, one output.
    cl::Buffer d_a(queue, h_a.begin(), h_a.end(), /*readOnly=*/true);
    cl::Buffer d_b(queue, h_b.begin(), h_b.end(), /*readOnly=*/true);
    // TODO: a read-only buffer d_c holding the third input, h_c.
    cl::Buffer d_d(context, CL_MEM_WRITE_ONLY, sizeof(float) * h_a.size());

    // 4. Kernel: the functor's types follow the kernel's parameter list, one for one.
    // TODO: use your three-input kernel "vadd3": one more cl::Buffer in the types, and its name.
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd3_kernel(program, "vadd");

    // 5. Commands: run it and read D back.
    const hoc::Timer timer;
    const std::size_t local = hoc::localSize(vadd3_kernel.getKernel(), device, 64);
    const cl::NDRange global(hoc::roundUp(h_a.size(), local));
    // TODO: pass d_c as well, in the position your kernel expects it.
    cl::Event done = vadd3_kernel(cl::EnqueueArgs(queue, global, cl::NDRange(local)), d_a, d_b, d_d, count);
    cl::copy(queue, d_d, result.d.begin(), result.d.end());

    result.timing.wall_s = timer.seconds();
    result.timing.kernel_s = hoc::eventSeconds(done);
    return result;
}
