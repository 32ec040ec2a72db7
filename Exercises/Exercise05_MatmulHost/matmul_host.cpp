// Exercise 5: the host program for the kernel of Exercise 04, in the course's five steps.
#include "matmul_host.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/program.hpp"

hoc::matmul::MatmulResult matmulHost(const cl::Device& device, const std::vector<float>& h_a,
                                     const std::vector<float>& h_b, hoc::matmul::Dims d)
{
    [[maybe_unused]] const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments
    hoc::matmul::MatmulResult result;
    result.c.resize(d.m * d.n);  // all zeros until you copy C back into it

    // Exercise 01's vadd.cpp shows every call you need. Write the five steps:

    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    cl::Program program = hoc::buildProgram(context, device, "matmul_element.cl");

    const std::size_t aBytes = h_a.size() * sizeof(float), bBytes = h_b.size() * sizeof(float);
    cl::Buffer dA(context, CL_MEM_READ_ONLY, aBytes);
    cl::Buffer dB(context, CL_MEM_READ_ONLY, h_b.size());
    cl::Buffer dC(context, CL_MEM_WRITE_ONLY, result.c.size() * sizeof(float));
    queue.enqueueWriteBuffer(dA, CL_FALSE, 0, aBytes, h_a.data());
    queue.enqueueWriteBuffer(dB, CL_FALSE, 0, bBytes, h_b.data());

    cl::Kernel kernel(program, "mmul_element");
    kernel.setArg(0, M);
    kernel.setArg(1, N);
    kernel.setArg(2, K);
    kernel.setArg(3, dA);
    kernel.setArg(4, dB);
    kernel.setArg(5, dC);

    const hoc::Timer clock;
    const std::size_t side = hoc::matmul::squareLocalSize(kernel, device, 16);
    const cl::NDRange local(side, side);
    const cl::NDRange global(hoc::roundUp(d.n, side), hoc::roundUp(d.m, side));
    cl::Event ran;
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &ran);
    queue.enqueueReadBuffer(dC, CL_TRUE, 0, result.c.size() * sizeof(float), result.c.data());
    result.timing.wall_s = clock.seconds();
    result.timing.kernel_s = hoc::eventSeconds(ran);
    result.launch = hoc::matmul::launchText(global, local);

    return result;
}
