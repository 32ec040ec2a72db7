// Exercise A: the host program. It is Exercise 10's, with one change: the program is built from
// pi.cl (your Exercise 10 kernels) followed by pi_vector.cl, with the vector width as -D WIDTH=N.
#include "vector_pi.hpp"

#include <string>

#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"

hoc::pi::Run vectorPi(const cl::Device& device, int width, std::uint64_t steps, std::size_t workGroupSize,
                      const hoc::Repeats& repeats)
{
    if (width != 1 && width != 2 && width != 4 && width != 8 && width != 16)
        throw hoc::Failure("vector width " + std::to_string(width) + ": OpenCL has float2, float4, float8 and float16");

    // 1. Platform.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: width 1 is pi() from pi.cl alone; wider ones are pi_vector() from pi.cl + pi_vector.cl.
    std::string source = hoc::readKernelFile("pi.cl", HOC_KERNEL_DIRS);
    if (width > 1)
        // #line: the build log's and oclgrind's line numbers then count from pi_vector.cl's first line.
        source += "\n#line 1 \"pi_vector.cl\"\n" + hoc::readKernelFile("pi_vector.cl", HOC_KERNEL_DIRS);
    cl::Program program = hoc::buildSource(context, device, source, width > 1 ? "pi.cl + pi_vector.cl" : "pi.cl",
                                           width > 1 ? "-D WIDTH=" + std::to_string(width) : "");

    // 3. to 5. are Exercise 10's tree design (hoc::pi::runTree in Pi/include/hoc/pi/run.hpp), with each
    //    work-item's steps a multiple of the width: its vectors are full but the last one.
    const cl::Kernel kernel(program, width > 1 ? "pi_vector" : "pi");
    return hoc::pi::runTree(queue, kernel, steps, workGroupSize, width, repeats);
}
