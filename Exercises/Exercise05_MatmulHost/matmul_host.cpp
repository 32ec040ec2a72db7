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

    // 1. Platform: a context holding `device`, and a command-queue with CL_QUEUE_PROFILING_ENABLE.
    // TODO

    // 2. Program: hoc::buildProgram(context, device, "matmul_element.cl"), your kernel from Exercise 04.
    // TODO

    // 3. Memory: read-only buffers filled from h_a and h_b, and a write-only buffer for C (M * N floats).
    // TODO

    // 4. Kernel: a cl::KernelFunctor whose argument types match mmul_element's parameters.
    // TODO

    // 5. Commands: start a hoc::Timer; run the kernel over a 2D NDRange, dimension 0 over the N columns
    //    of C and dimension 1 over its M rows, each rounded up to whole work-groups, e.g. 16 x 16
    //    (hoc::matmul::squareLocalSize(kernel, device, 16) and hoc::roundUp); copy C back into result.c.
    //    Then fill in result.timing.wall_s (the timer), result.timing.kernel_s (hoc::eventSeconds of the
    //    kernel's event) and result.launch (the text hoc::matmul::launchText makes of the two ranges).
    // TODO
    (void)device, (void)h_a, (void)h_b;

    return result;
}
