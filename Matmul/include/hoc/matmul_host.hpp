// Host-side pieces the matrix-multiplication exercises (04-09) share, so that each exercise's host
// function shows only what that exercise changes. Exercise 05 writes all of it out by hand once.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "hoc/matmul.hpp"
#include "hoc/opencl.hpp"
#include "hoc/timing.hpp"

namespace hoc::matmul {

// What a matmul host function returns.
struct Run {
    std::vector<float> c;  // C (M x N, row-major), read back from the device
    Timing timing;         // kernel time from its profiling event; host time from the kernel call to C back
    std::string launch;    // the NDRange it ran with, e.g. "global 1024 x 1024, local 16 x 16"
};

// A matmul host function as the exercises write it: C = A * B on `device`.
using HostFunction =
    std::function<Run(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b, Dims d)>;

// M, N and K as the kernels' `const int` arguments. Throws hoc::Failure when an index into A, B or C
// (up to M*K, K*N, M*N elements) would not fit in an int.
struct KernelDims {
    int m = 0, n = 0, k = 0;
};
KernelDims kernelDims(Dims d);

// Fails with a clear message when A, B and C do not fit in the device's memory.
void requireMatrices(const cl::Device& device, Dims d);

// The inputs every matmul program and test uses: A (M x K) and B (K x N), uniform in [-1, 1),
// the same numbers on every run for the same sizes.
struct Inputs {
    std::vector<float> a, b;
};
Inputs randomInputs(Dims d);

// "global 1024 x 1024, local 16 x 16"
std::string launchText(const cl::NDRange& global, const cl::NDRange& local);

// The largest square work-group side t <= preferred that `kernel` can run with on `device`:
// t * t <= CL_KERNEL_WORK_GROUP_SIZE and t <= both CL_DEVICE_MAX_WORK_ITEM_SIZES sides.
std::size_t squareLocalSize(const cl::Kernel& kernel, const cl::Device& device, std::size_t preferred);

// A tile x tile work-group that keeps `localBytes` of local memory: throws hoc::Failure naming the
// limit (CL_DEVICE_MAX_WORK_GROUP_SIZE, CL_DEVICE_MAX_WORK_ITEM_SIZES, CL_DEVICE_LOCAL_MEM_SIZE)
// when the device cannot run it. Called before building, so a hopeless tile fails before the compiler does.
void requireTile(const cl::Device& device, std::size_t tile, std::size_t localBytes, const std::string& what);

// The same for a built kernel: tile * tile at most CL_KERNEL_WORK_GROUP_SIZE (which can be lower than
// the device's limit), and `localBytes` passed as __local arguments plus the kernel's own __local
// variables (CL_KERNEL_LOCAL_MEM_SIZE) at most CL_DEVICE_LOCAL_MEM_SIZE.
void requireTile(const cl::Kernel& kernel, const cl::Device& device, std::size_t tile, std::size_t localBytes,
                 const std::string& what);

// A 1D work-group of `size` work-items with `localBytes` passed as __local arguments: the same checks.
void requireGroup(const cl::Kernel& kernel, const cl::Device& device, std::size_t size, std::size_t localBytes,
                  const std::string& what);

// Steps 1 and 3 of the host program, and the read-back of step 5, as Exercise 05 writes them: a
// context and a profiling command-queue for the device, and buffers holding A and B (read-only) and
// C (read-write: Exercises 07 and 08 keep partial sums in C). C starts filled with NaN, so elements a
// kernel forgets to write show up in the check.
//
//   hoc::matmul::Session s(device, a, b, d);
//   cl::Program program = hoc::buildProgram(s.context, device, "matmul_row.cl");
//   ... functor, NDRange ...
//   cl::Event done = mmul(cl::EnqueueArgs(s.queue, global, local), s.M, s.N, s.K, s.a, s.b, s.c);
//   return s.finish(done, global, local);
class Session {
public:
    Session(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b, Dims d);

    // Without buffers for A and B (for kernels that read them some other way, as images).
    Session(const cl::Device& device, Dims d);

    // Waits for the kernel, reads C back, and returns it with the kernel's time from `kernel`'s
    // profiling event and the host time since this call started (the kernel call returns at once).
    Run finish(const cl::Event& kernel, const cl::NDRange& global, const cl::NDRange& local);

    Dims dims;
    int M, N, K;  // the kernels' first three arguments
    cl::Context context;
    cl::CommandQueue queue;
    cl::Buffer a, b, c;
};

}  // namespace hoc::matmul
