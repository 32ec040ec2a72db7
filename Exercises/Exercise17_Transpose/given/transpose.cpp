// Exercise 17: the host program. The naive kernel runs one work-item per element; the tiled ones
// one work-group per tile x tile block, with tile x tileRows work-items.
#include "transpose.hpp"

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/names.hpp"
#include "hoc/common/program.hpp"

const std::vector<TransposeKernel>& transposeKernels()
{
    static const std::vector<TransposeKernel> all = {TransposeKernel::Naive, TransposeKernel::Tiled,
                                                     TransposeKernel::Padded};
    return all;
}

std::string kernelName(TransposeKernel kernel)
{
    static const hoc::Names<TransposeKernel> names{
        {TransposeKernel::Naive, "transpose_naive"},
        {TransposeKernel::Tiled, "transpose_tiled"},
        {TransposeKernel::Padded, "transpose_padded"},
    };
    return names(kernel);
}

std::string shortName(TransposeKernel kernel)
{
    static const hoc::Names<TransposeKernel> names{
        {TransposeKernel::Naive, "naive"},
        {TransposeKernel::Tiled, "tiled"},
        {TransposeKernel::Padded, "tiled + padding"},
    };
    return names(kernel);
}

namespace {

// Checked before building: the tile must fit the device's local memory (padded: tile + 1 columns).
const TransposeShape& checked(const cl::Device& device, const TransposeShape& shape)
{
    if (shape.tile == 0 || shape.tileRows == 0 || shape.tileRows > shape.tile)
        throw hoc::UsageError("transpose: a tile of " + std::to_string(shape.tile) + " with " +
                              std::to_string(shape.tileRows) +
                              " rows of work-items (--tile, --tile-rows); need 1 <= "
                              "rows <= tile");
    hoc::requireLocalMemory(device, shape.tile * (shape.tile + 1) * sizeof(float),
                            "a " + std::to_string(shape.tile) + " x " + std::to_string(shape.tile) + " tile");
    return shape;
}

// The range that covers a rows x cols matrix: the naive kernel one work-item per element in
// naiveX x naiveY work-groups, the tiled ones one tile x tileRows work-group per tile x tile block.
struct Launch {
    std::size_t localX = 0, localY = 0;
    cl::NDRange global;
};
Launch launchFor(TransposeKernel which, const TransposeShape& shape, std::size_t rows, std::size_t cols)
{
    if (which == TransposeKernel::Naive)
        return {shape.naiveX, shape.naiveY,
                cl::NDRange(hoc::roundUp(cols, shape.naiveX), hoc::roundUp(rows, shape.naiveY))};
    return {shape.tile, shape.tileRows,
            cl::NDRange(hoc::roundUp(cols, shape.tile), hoc::roundUp(rows, shape.tile) / shape.tile * shape.tileRows)};
}

}  // namespace

Transposer::Transposer(const cl::Device& device, const TransposeShape& shape)
    : device_(device), shape_(checked(device, shape)),
      // 1. Platform: a context for the device and a queue that records when commands run.
      context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE),
      // 2. Program: the block size is a build option, because a __local array's size must be a constant.
      program_(
          hoc::buildProgram(context_, device, "transpose.cl",
                            "-D TILE=" + std::to_string(shape.tile) + " -D ROWS=" + std::to_string(shape.tileRows)))
{
}

std::size_t Transposer::maxWorkGroupSize(TransposeKernel kernel) const
{
    return cl::Kernel(program_, kernelName(kernel).c_str()).getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_);
}

std::size_t Transposer::localMemoryBytes(TransposeKernel kernel) const
{
    return cl::Kernel(program_, kernelName(kernel).c_str()).getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device_);
}

TransposeResult Transposer::transpose(const std::vector<float>& h_in, std::size_t rows, std::size_t cols,
                                      TransposeKernel which, const hoc::Repeats& repeats)
{
    if (rows == 0 || cols == 0 || h_in.size() != rows * cols)
        throw hoc::Failure("transpose: " + std::to_string(h_in.size()) + " floats are not a " + std::to_string(rows) +
                           " x " + std::to_string(cols) + " matrix (rows and cols at least 1)");
    if (rows > UINT32_MAX || cols > UINT32_MAX)
        throw hoc::Failure("transpose: a side longer than 2^32 - 1 does not fit the kernels' uint");

    // 3. Memory: the matrix in, and its transpose out.
    cl::Buffer d_in(queue_, h_in.begin(), h_in.end(), /*readOnly=*/true);
    cl::Buffer d_out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * h_in.size());

    // 4. Kernel: the naive kernel covers the matrix with work-items, the tiled ones with tiles (launchFor, above).
    cl::KernelFunctor<cl::Buffer, cl::Buffer, cl_uint, cl_uint> transpose_kernel(program_, kernelName(which));
    const Launch launch = launchFor(which, shape_, rows, cols);
    hoc::requireWorkGroupSize2D(transpose_kernel.getKernel(), device_, launch.localX, launch.localY, kernelName(which));
    const cl::EnqueueArgs range(queue_, launch.global, cl::NDRange(launch.localX, launch.localY));

    // 5. Commands: run it (the median of the repeats), then read the transpose back.
    TransposeResult result;
    result.localX = launch.localX;
    result.localY = launch.localY;
    result.seconds = hoc::medianSeconds(repeats, [&] {
        cl::Event done = transpose_kernel(range, d_in, d_out, static_cast<cl_uint>(rows), static_cast<cl_uint>(cols));
        return hoc::EventSpan{done, done};
    });
    result.out.resize(h_in.size());
    cl::copy(queue_, d_out, result.out.begin(), result.out.end());
    return result;
}
