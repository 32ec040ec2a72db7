// Exercise 2: chaining kernels. The intermediate vectors C and D never leave the device.
#include "chained_vadd.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"

ChainResult chainedVadd(const cl::Device& device, const std::vector<float>& h_a, const std::vector<float>& h_b,
                        [[maybe_unused]] const std::vector<float>& h_e, [[maybe_unused]] const std::vector<float>& h_g)
{
    const int count = static_cast<int>(h_a.size());
    const std::size_t bytes = sizeof(float) * h_a.size();
    ChainResult result;
    result.f.resize(h_a.size());

    // 1. Platform: context and in-order queue for the chosen device.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: the vadd kernel from Exercise 1.
    cl::Program program = hoc::buildProgram(context, device, "vadd.cl");

    // 3. Memory: four inputs from the host; C, D and F are made on the device.
    cl::Buffer d_a(queue, h_a.begin(), h_a.end(), /*readOnly=*/true);
    cl::Buffer d_b(queue, h_b.begin(), h_b.end(), /*readOnly=*/true);
    cl::Buffer d_c(context, CL_MEM_READ_WRITE, bytes);  // written by the first call, read by the second
    // TODO: buffers for the inputs E and G (copied from h_e and h_g), for D (written by the second
    //       call, read by the third) and for F (written by the third call).

    // 4. Kernel: one functor, called three times with different buffers.
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl::Buffer, int> vadd(program, "vadd");

    // 5. Commands: the in-order queue runs each call after the one before, so D = C + E sees the
    //    finished C. Only F is copied back.
    const hoc::Timer timer;
    const std::size_t local = hoc::localSize(vadd.getKernel(), device, 64);
    const cl::EnqueueArgs range(queue, cl::NDRange(hoc::roundUp(h_a.size(), local)), cl::NDRange(local));
    cl::Event first = vadd(range, d_a, d_b, d_c, count);  // C = A + B
    // TODO: D = C + E, then F = D + G; keep the event of the last call in `last`.
    cl::Event last = first;
    // TODO: copy F back into result.f (until you do, it holds zeros).

    result.timing.wall_s = timer.seconds();
    result.timing.kernel_s = hoc::eventSpanSeconds(first, last);
    return result;
}
