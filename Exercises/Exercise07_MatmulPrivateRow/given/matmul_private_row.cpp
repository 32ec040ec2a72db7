// Exercise 7: the host program for the row of A in private memory. What changed since Exercise 06:
// the kernel, and the length of its private array, fixed when the kernel is compiled (-D...).
#include "matmul_private_row.hpp"

#include <string>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"
#include "hoc/matmul/buffers.hpp"

hoc::matmul::MatmulResult matmulPrivateRow(const cl::Device& device, const std::vector<float>& a,
                                           const std::vector<float>& b, hoc::matmul::Dims d, std::size_t chunk)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)
    const bool chunked = chunk != kWholeRow;
    if (!chunked && d.k * sizeof(float) > kWholeRowMaxBytes)
        throw hoc::UsageError("step 1 keeps the whole row of A in private memory: K = " + std::to_string(d.k) +
                              " floats are " + std::to_string(d.k * sizeof(float)) +
                              " bytes per work-item, above the " + std::to_string(kWholeRowMaxBytes) +
                              " bytes step 1 allows (OpenCL has no query for a " +
                              "work-item's private memory; PoCL's threads overflow past about 128 KB); step 2 " +
                              "(--chunk 1024) takes any K");

    // 1. Platform as in Exercise 05: a context, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: a private array needs a length known to the compiler, so it is a build option:
    //    the row's length K for step 1, the chunk's for step 2. The other step's array gets a
    //    length of 1: its kernel is compiled, not run.
    const std::string options = chunked ? "-DROW_LENGTH=1 -DCHUNK=" + std::to_string(chunk)
                                        : "-DROW_LENGTH=" + std::to_string(d.k) + " -DCHUNK=1";
    cl::Program program = hoc::buildProgram(context, device, "matmul_private_row.cl", options);

    // 3. Memory as in Exercise 05: buffers for A, B and C (hoc::matmul::Buffers).
    const hoc::matmul::Buffers mem(context, queue, a, b, d);

    // 4. Kernel: step 1 or step 2.
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(
        program, chunked ? "mmul_private_row_chunks" : "mmul_private_row");

    // 5. Commands: as in Exercise 06, one work-item per row of C in work-groups of 64.
    const std::size_t group = hoc::localSize(mmul.getKernel(), device, 64);
    const cl::NDRange global(hoc::roundUp(d.m, group)), local(group);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, mem.a, mem.b, mem.c);
    return mem.readResult(queue, done, global, local);
}
