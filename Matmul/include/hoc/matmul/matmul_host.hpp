// Host-side pieces the matrix-multiplication exercises (04-09) share, so that each exercise's host
// function shows only what that exercise changes. The buffers and the read-back of C, which Exercise 05
// writes by hand, are a library of their own (hoc/matmul/buffers.hpp) that Exercise 05 does not link.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

namespace hoc::matmul {

// What a matmul host function returns.
struct MatmulResult {
    std::vector<float> c;  // C (M x N, row-major), read back from the device
    Timing timing;         // kernel time from its profiling event; host time from the kernel call to C back
    std::string launch;    // the NDRange it ran with, e.g. "global 1024 x 1024, local 16 x 16"
};

// A matmul host function as the exercises write it: C = A * B on `device`.
using HostFunction = std::function<MatmulResult(const cl::Device& device, const std::vector<float>& a,
                                                const std::vector<float>& b, Dims d)>;

// M, N and K as the kernels' `const int` arguments. Throws hoc::UsageError (exit status 2) when an index into A, B or C
// (up to M*K, K*N, M*N elements) would not fit in an int.
struct KernelDims {
    int m = 0, n = 0, k = 0;
};
KernelDims kernelDims(Dims d);

// Fails with a clear message when A, B and C do not fit in the device's memory, or on the host with
// what requireHostMemory(device, d, ...) counts.
void requireMatrices(const cl::Device& device, Dims d);

// Refuses (hoc::UsageError, exit status 2) what the host cannot hold: A, B, C, the double reference
// and its bounds (hoc::matmul::requireHostMemory's count), and on a device that shares the host's
// memory the three buffers too. `what` names the sizes in the message.
void requireHostMemory(const cl::Device& device, Dims d, const std::string& what);

// The inputs every matmul program and test uses: A (M x K) and B (K x N), uniform in [-1, 1),
// the same numbers on every run for the same sizes.
struct Inputs {
    std::vector<float> a, b;
};
Inputs randomInputs(Dims d);

// "global 1024 x 1024, local 16 x 16"
std::string launchText(const cl::NDRange& global, const cl::NDRange& local);

// Images are optional in OpenCL 1.2, and limited in size: throws hoc::Unsupported when `device` has
// no images (CL_DEVICE_IMAGE_SUPPORT), when A (K x M pixels) or B (N x K) is larger than its largest
// 2D image, or when `context` has no read-only 2D images of one float per pixel (CL_R, CL_FLOAT), the
// format Exercise 09's image kernel reads A and B in.
void requireImages(const cl::Device& device, const cl::Context& context, Dims d);

// The blocked kernels' check of the work-group size a kernel declares with
// reqd_work_group_size (CL_KERNEL_COMPILE_WORK_GROUP_SIZE): throws hoc::Failure, naming `kernelName`
// and what it declares, unless it is tile x tile x 1 (a kernel that declares none reports 0 x 0 x 0).
void requireDeclaredTile(const cl::Kernel& kernel, const cl::Device& device, std::size_t tile,
                         const std::string& kernelName);

// The side of the square work-groups Exercises 11, 15 and 15b run mmul_element in: 16, halved until
// side x side work-items fit what hoc::localSize(kernel, device, 256) allows (at least 1).
std::size_t elementGroupSide(const cl::Kernel& kernel, const cl::Device& device);

// The largest square work-group side t <= preferred that `kernel` can run with on `device`:
// t * t <= CL_KERNEL_WORK_GROUP_SIZE and t <= both CL_DEVICE_MAX_WORK_ITEM_SIZES sides.
std::size_t squareLocalSize(const cl::Kernel& kernel, const cl::Device& device, std::size_t preferred);

// Matrices padded to whole tiles, as the tiled kernels of Exercise 9b and the competition module take
// them: `host` (rows x cols, row-major) is written into `buffer` as a paddedRows x pitch matrix whose
// padding is zero. The padded matrix is laid out at its pitch on the host and written whole (not
// filled with clEnqueueFillBuffer and then written as a rectangle: oclgrind's uninitialized-memory
// check does not count a fill as a write). Blocking.
void writePadded(const cl::CommandQueue& queue, const cl::Buffer& buffer, const std::vector<float>& host,
                 std::size_t rows, std::size_t cols, std::size_t paddedRows, std::size_t pitch);

// The rows x cols matrix at the top left of `buffer` (pitch floats a row), without the padding. Blocking.
std::vector<float> readUnpadded(const cl::CommandQueue& queue, const cl::Buffer& buffer, std::size_t rows,
                                std::size_t cols, std::size_t pitch);

}  // namespace hoc::matmul
