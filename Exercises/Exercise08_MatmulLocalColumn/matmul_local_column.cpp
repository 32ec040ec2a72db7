// Exercise 8: the host program for a column of B shared in local memory. What changed since
// Exercise 07's step 2: the kernel has one more argument, the work-group's local memory, which the host sizes
// with cl::Local and checks against the device's local memory.
#include "matmul_local_column.hpp"

#include <string>

#include "hoc/device.hpp"
#include "hoc/program.hpp"

hoc::matmul::Run matmulLocalColumn(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                                   hoc::matmul::Dims d, std::size_t chunk)
{
    // 1 and 3. Platform and memory as in Exercise 05: context, queue, buffers for A, B and C.
    hoc::matmul::Session s(device, a, b, d);

    // 2. Program: CHUNK sets the private array's length, as in Exercise 07's step 2.
    cl::Program program =
        hoc::buildProgram(s.context, device, "matmul_local_column.cl", "-DCHUNK=" + std::to_string(chunk));

    // 4. Kernel: the last argument is local memory, given as its size in bytes (cl::Local).
    cl::KernelFunctor<int, int, int, cl::Buffer, cl::Buffer, cl::Buffer, cl::LocalSpaceArg> mmul(program,
                                                                                             "mmul_local_column");

    // 5. Commands: one work-item per row of C in work-groups of 64, as in Exercise 06; each
    //    work-group gets `chunk` floats of local memory for its column of B.
    const std::size_t group = hoc::localSize(mmul.getKernel(), device, 64);
    const std::size_t bytes = sizeof(float) * chunk;
    hoc::matmul::requireGroup(mmul.getKernel(), device, group, bytes, "a column of B in chunks of " +
                                                                          std::to_string(chunk) + " floats");
    const cl::NDRange global(hoc::roundUp(d.m, group)), local(group);
    cl::Event done =
        mmul(cl::EnqueueArgs(s.queue, global, local), s.M, s.N, s.K, s.a, s.b, s.c, cl::Local(bytes));
    return s.finish(done, global, local);
}
