// Exercise 9: the host program for the blocked kernel. What changed since Exercise 05: a 2D range of
// tile x tile work-groups, the tile compiled into the kernel (-DTILE=...), and checks that the device
// can run work-groups of that size with two tiles in local memory.
#include "matmul_blocked.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"

hoc::matmul::MatmulResult runTiledKernel(const cl::Device& device, const std::vector<float>& a,
                                         const std::vector<float>& b, hoc::matmul::Dims d, const TiledKernel& k)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);  // the kernel's int arguments (checked to fit)
    const std::size_t tile = k.tile;

    // Before compiling: can this device have tile x tile work-groups and two tiles of local memory?
    const std::string what = k.description + " with tile " + std::to_string(tile);
    hoc::requireWorkGroupSize2D(device, tile, tile, what);
    hoc::requireLocalMemory(device, 2 * tile * tile * sizeof(float), what);

    // 1. Platform as in Exercise 05: a context, and a command-queue that can time its commands.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: the tile size is compiled in (it sizes the kernel's __local arrays).
    cl::Program program = hoc::buildProgram(context, device, k.file, "-DTILE=" + std::to_string(tile) + k.options);

    // 3. Memory as in Exercise 05: buffers for A, B and C (hoc::matmul::Buffers).
    const hoc::matmul::Buffers mem(context, queue, a, b, d);

    // 4. Kernel, and this kernel's own limits (its work-group size limit can be below the device's;
    //    its two tiles are __local arrays of its own).
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, k.kernel);
    hoc::requireWorkGroupSize2D(mmul.getKernel(), device, tile, tile, what);
    hoc::requireLocalMemory(mmul.getKernel(), device, 0, what);
    if (k.requireGroupSize)  // the kernel says which work-group size it must run with: ask it
        hoc::matmul::requireDeclaredTile(mmul.getKernel(), device, tile, k.kernel);

    // 5. Commands: one work-item per element of C in tile x tile work-groups; dimension 0 over the
    //    columns, dimension 1 over the rows, each rounded up to whole tiles.
    const cl::NDRange global(hoc::roundUp(d.n, tile), hoc::roundUp(d.m, tile)), local(tile, tile);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, mem.a, mem.b, mem.c);
    return mem.readResult(queue, done, global, local);
}

hoc::matmul::MatmulResult matmulBlocked(const cl::Device& device, const std::vector<float>& a,
                                        const std::vector<float>& b, hoc::matmul::Dims d, std::size_t tile,
                                        bool requireGroupSize)
{
    return runTiledKernel(device, a, b, d,
                          {"matmul_blocked.cl", "mmul_blocked", "the blocked kernel", tile,
                           requireGroupSize ? " -DREQUIRE_GROUP_SIZE" : "", requireGroupSize});
}
