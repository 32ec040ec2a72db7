// A correct Exercise 05 written differently from the course's (checker: it must PASS Exercise
// 05's tests): the buffers made with explicit sizes and written by enqueueWriteBuffer, the kernel's
// arguments set one by one with setArg and launched by enqueueNDRangeKernel in 8 x 8 work-groups (or
// the largest square the kernel allows), C read back with enqueueReadBuffer.
#include "matmul_host.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"

hoc::matmul::MatmulResult matmulHost(const cl::Device& device, const std::vector<float>& h_a,
                                     const std::vector<float>& h_b, hoc::matmul::Dims d)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);
    hoc::matmul::MatmulResult out;
    out.c.assign(d.m * d.n, 0.0f);

    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
    cl::Program program = hoc::buildProgram(context, device, "matmul_element.cl");

    const std::size_t bytesA = sizeof(float) * h_a.size(), bytesB = sizeof(float) * h_b.size();
    cl::Buffer a(context, CL_MEM_READ_ONLY, bytesA), b(context, CL_MEM_READ_ONLY, bytesB);
    cl::Buffer c(context, CL_MEM_WRITE_ONLY, sizeof(float) * out.c.size());
    queue.enqueueWriteBuffer(a, CL_FALSE, 0, bytesA, h_a.data());
    queue.enqueueWriteBuffer(b, CL_FALSE, 0, bytesB, h_b.data());

    cl::Kernel kernel(program, "mmul_element");
    kernel.setArg(0, M);
    kernel.setArg(1, N);
    kernel.setArg(2, K);
    kernel.setArg(3, a);
    kernel.setArg(4, b);
    kernel.setArg(5, c);

    const hoc::Timer timer;
    const std::size_t side = hoc::matmul::squareLocalSize(kernel, device, 8);
    const cl::NDRange local(side, side);
    const cl::NDRange global(hoc::roundUp(d.n, side), hoc::roundUp(d.m, side));
    cl::Event done;
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &done);
    queue.enqueueReadBuffer(c, CL_TRUE, 0, sizeof(float) * out.c.size(), out.c.data());

    out.timing.wall_s = timer.seconds();
    out.timing.kernel_s = hoc::eventSeconds(done);
    out.launch = hoc::matmul::launchText(global, local);
    return out;
}
