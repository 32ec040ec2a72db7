// Exercise A: the host program. It is Exercise 10's, with one change: the program is built from
// pi.cl (your Exercise 10 kernels) followed by pi_vector.cl, with the vector width as -D WIDTH=N.
#include "vector_pi.hpp"

#include <string>

#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"

VectorPiResult vectorPi(const cl::Device& device, const VectorPiOptions& options)
{
    const int width = options.width;
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

    // 3. to 5., memory, kernel and commands, are Exercise 10's for its tree design (hoc::pi::runTree,
    //    Pi/include/hoc/pi/run.hpp): a float per work-group for its sum, a float of local memory per
    //    work-item, the kernel run and the sums added on the host; here each work-item's steps are a
    //    multiple of the width, so that its vectors are full but the last one's.
    const cl::Kernel kernel(program, width > 1 ? "pi_vector" : "pi");
    return hoc::pi::runTree(queue, kernel, options.steps, options.workGroupSize, width, options.repeats);
}
