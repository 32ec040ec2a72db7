// Exercise 9, dynamic local memory: the host program for the blocked kernel that learns its tile size
// at run time. What changed since matmul_blocked.cpp: no build option, and the tiles' local memory is
// a kernel argument, cl::Local(bytes), sized here.
#include "matmul_blocked.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

hoc::matmul::MatmulResult matmulBlockedDynamic(const cl::Device& device, const std::vector<float>& a,
                                               const std::vector<float>& b, hoc::matmul::Dims d, std::size_t tile)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)

    const std::string what = "the dynamic blocked kernel with tile " + std::to_string(tile);
    const std::size_t bytes = 2 * tile * tile * sizeof(float);  // a tile of A and a tile of B
    hoc::requireWorkGroupSize2D(device, tile, tile, what);
    hoc::requireLocalMemory(device, bytes, what);

    // 1. Platform as in Exercise 05: a context, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: no build options, so one compiled kernel serves every tile size.
    cl::Program program = hoc::buildProgram(context, device, "matmul_blocked_dynamic.cl");

    // 3. Memory as in Exercise 05: buffers for A, B and C (hoc::matmul::Buffers).
    const hoc::matmul::Buffers mem(context, queue, a, b, d);

    // 4. Kernel: the last argument is the local memory for both tiles.
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer, cl::LocalSpaceArg> mmul(
        program, "mmul_blocked_dynamic");
    hoc::requireWorkGroupSize2D(mmul.getKernel(), device, tile, tile, what);
    hoc::requireLocalMemory(mmul.getKernel(), device, bytes, what);

    // 5. Commands: as in matmul_blocked.cpp, plus the local memory.
    const cl::NDRange global(hoc::roundUp(d.n, tile), hoc::roundUp(d.m, tile)), local(tile, tile);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, mem.a, mem.b, mem.c, cl::Local(bytes));
    return mem.readResult(queue, done, global, local);
}
