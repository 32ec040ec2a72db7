// Exercise 8: the host program for a column of B shared in local memory. What changed since
// Exercise 07's step 2: the kernel has one more argument, the work-group's local memory, which the host sizes
// with cl::Local and checks against the device's local memory.
#include "matmul_local_column.hpp"

#include <string>

#include "hoc/common/device.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"
#include "hoc/matmul/buffers.hpp"

hoc::matmul::MatmulResult matmulLocalColumn(const cl::Device& device, const std::vector<float>& a,
                                            const std::vector<float>& b, hoc::matmul::Dims d, std::size_t chunk)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)

    // 1. Platform as in Exercise 05: a context, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: CHUNK sets the private array's length, as in Exercise 07's step 2.
    cl::Program program = hoc::buildProgram(context, device, "matmul_local_column.cl",
                                            "-DCHUNK=" + std::to_string(chunk));

    // 3. Memory as in Exercise 05: buffers for A, B and C (hoc::matmul::Buffers).
    const hoc::matmul::Buffers mem(context, queue, a, b, d);

    // 4. Kernel: the last argument is local memory, given as its size in bytes (cl::Local).
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer, cl::LocalSpaceArg> mmul(program,
                                                                                                 "mmul_local_column");

    // 5. Commands: one work-item per row of C in work-groups of 64, as in Exercise 06; each
    //    work-group gets `chunk` floats of local memory for its column of B.
    const std::size_t group = hoc::localSize(mmul.getKernel(), device, 64);
    const std::size_t bytes = sizeof(float) * chunk;
    hoc::requireLocalMemory(mmul.getKernel(), device, bytes,
                            "a column of B in chunks of " + std::to_string(chunk) + " floats");
    const cl::NDRange global(hoc::roundUp(d.m, group)), local(group);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, mem.a, mem.b, mem.c, cl::Local(bytes));
    return mem.readResult(queue, done, global, local);
}
