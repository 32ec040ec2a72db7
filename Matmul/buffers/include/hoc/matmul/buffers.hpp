// Steps 3 and 5 of a matrix-multiplication host program, for the exercises after Exercise 05: buffers
// for A, B and C, and C read back with its times. Exercise 05 asks the student to write these steps
// themselves, so this is a library of its own ("matmul_buffers" in course.json) that Exercise 05 does not
// link; Exercises 04 and 06 to 09 do.
#pragma once

#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/matmul/matmul_host.hpp"

namespace hoc::matmul {

// Buffers in `context` holding A and B (read-only) and C (read-write: Exercises 07 and 08 keep partial
// sums in C), written through `queue`. C starts filled with NaN, so elements a kernel forgets to write
// show up in the check. The host function keeps steps 1, 2 and 4 and the launch; this holds the memory
// and the read-back:
//
//   const hoc::matmul::Buffers mem(context, queue, a, b, d);
//   ...
//   return mem.readResult(queue, done, global, local);
struct Buffers {
    Buffers(const cl::Context& context, const cl::CommandQueue& queue, const std::vector<float>& a,
            const std::vector<float>& b, Dims d);

    // C only, for kernels that read A and B some other way (as images).
    Buffers(const cl::Context& context, const cl::CommandQueue& queue, Dims d);

    // Reads C back through `queue` (waiting for the kernel) and returns it with the kernel's time from
    // `kernel`'s profiling event and the host time since this call started (the kernel call returns at once).
    MatmulResult readResult(const cl::CommandQueue& queue, const cl::Event& kernel, const cl::NDRange& global,
                            const cl::NDRange& local) const;

    Dims dims;
    cl::Buffer a, b, c;
};

}  // namespace hoc::matmul
