// Exercise 9, dynamic local memory: the host program for the blocked kernel that learns its tile size
// at run time. What changed since matmul_blocked.cpp: no build option, and the tiles' local memory is
// a kernel argument, cl::Local(bytes), sized here.
#include "matmul_blocked.hpp"

#include "hoc/device.hpp"
#include "hoc/program.hpp"

hoc::matmul::Run matmulBlockedDynamic(const cl::Device& device, const std::vector<float>& a,
                                      const std::vector<float>& b, hoc::matmul::Dims d, std::size_t tile)
{
    const std::string what = "the dynamic blocked kernel with tile " + std::to_string(tile);
    const std::size_t bytes = 2 * tile * tile * sizeof(float);  // a tile of A and a tile of B
    hoc::matmul::requireTile(device, tile, bytes, what);

    // 1 and 3. Platform and memory as in Exercise 05: context, queue, buffers for A, B and C.
    hoc::matmul::Session s(device, a, b, d);

    // 2. Program: no build options, so one compiled kernel serves every tile size.
    cl::Program program = hoc::buildProgram(s.context, device, "matmul_blocked_dynamic.cl");

    // 4. Kernel: the last argument is the local memory for both tiles.
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer, cl::LocalSpaceArg> mmul(
        program, "mmul_blocked_dynamic");
    hoc::matmul::requireTile(mmul.getKernel(), device, tile, bytes, what);

    // 5. Commands: as in matmul_blocked.cpp, plus the local memory.
    const cl::NDRange global(hoc::roundUp(d.n, tile), hoc::roundUp(d.m, tile)), local(tile, tile);
    cl::Event done =
        mmul(cl::EnqueueArgs(s.queue, global, local), s.M, s.N, s.K, s.a, s.b, s.c, cl::Local(bytes));
    return s.finish(done, global, local);
}
