// Exercise 9, Appendix E measured: the host code of the tile-order kernel (matmul_tile_order.cl), the
// same as matmulBlocked's but for the kernel's name and the build option that picks the load order.
#include "matmul_blocked.hpp"

#include "hoc/device.hpp"
#include "hoc/limits.hpp"
#include "hoc/program.hpp"

hoc::matmul::MatmulResult matmulTileOrder(const cl::Device& device, const std::vector<float>& a,
                                          const std::vector<float>& b, hoc::matmul::Dims d, std::size_t tile,
                                          bool loadsDownColumns)
{
    const auto [M, N, K] = hoc::matmul::kernelDims(d);
    const std::string what = "the tile-order kernel with tile " + std::to_string(tile);
    hoc::requireWorkGroupSize2D(device, tile, tile, what);
    hoc::requireLocalMemory(device, 2 * tile * tile * sizeof(float), what);

    // 1. Platform.
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: the tile size and the load order are compiled in.
    std::string options = "-DTILE=" + std::to_string(tile);
    if (loadsDownColumns)
        options += " -DLOADS_DOWN_COLUMNS";
    cl::Program program = hoc::buildProgram(context, device, "matmul_tile_order.cl", options);

    // 3. Memory.
    const hoc::matmul::Buffers mem(context, queue, a, b, d);

    // 4. Kernel, and its own limits.
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer> mmul(program, "mmul_tile_order");
    hoc::requireWorkGroupSize2D(mmul.getKernel(), device, tile, tile, what);
    hoc::requireLocalMemory(mmul.getKernel(), device, 0, what);

    // 5. Commands: one work-item per element of C, dimension 0 over the columns, in whole tiles.
    const cl::NDRange global(hoc::roundUp(d.n, tile), hoc::roundUp(d.m, tile)), local(tile, tile);
    cl::Event done = mmul(cl::EnqueueArgs(queue, global, local), M, N, K, mem.a, mem.b, mem.c);
    return mem.readResult(queue, done, global, local);
}
