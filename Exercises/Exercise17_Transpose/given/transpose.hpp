// Exercise 17: matrix transpose on an OpenCL device, naive and through local memory.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

// The kernels of transpose.cl, in course order.
enum class TransposeKernel { Naive, Tiled, Padded };
const std::vector<TransposeKernel>& transposeKernels();
std::string kernelName(TransposeKernel kernel);  // "transpose_naive", ...
std::string shortName(TransposeKernel kernel);   // "naive", "tiled", "tiled + padding"

// How the work is cut up. The tiled kernels' block is fixed when the program is built.
struct TransposeShape {
    // 64 x 4: the fastest of the block shapes measured for the padded kernel (the figures, with
    // date and device: docs/measurements/Exercise17_Transpose.md).
    std::size_t tile = 64;     // tiled kernels: a work-group moves a tile x tile block ...
    std::size_t tileRows = 4;  // ... with tile x tileRows work-items (each moves tile / tileRows floats)
    std::size_t naiveX = 16;   // naive kernel: work-groups of naiveX x naiveY work-items
    std::size_t naiveY = 16;
};

struct TransposeResult {
    std::vector<float> out;              // cols x rows, row-major
    std::size_t localX = 0, localY = 0;  // the work-group that ran
    double seconds = 0;                  // median kernel time
};

class Transposer {
public:
    // Steps 1 and 2: context, queue, and the program built for `shape`'s tile.
    Transposer(const cl::Device& device, const TransposeShape& shape = {});

    // Steps 3 to 5: `in` has rows x cols floats (row-major); the result is its transpose.
    TransposeResult transpose(const std::vector<float>& in, std::size_t rows, std::size_t cols, TransposeKernel kernel,
                              const hoc::Repeats& repeats = {0, 1});

    // The largest work-group `kernel` allows on this device (CL_KERNEL_WORK_GROUP_SIZE).
    std::size_t maxWorkGroupSize(TransposeKernel kernel) const;

    // The local memory one work-group of `kernel` uses, in bytes (CL_KERNEL_LOCAL_MEM_SIZE): its tile.
    std::size_t localMemoryBytes(TransposeKernel kernel) const;

private:
    cl::Device device_;
    TransposeShape shape_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};
