// Exercise 16: the sum of n floats on an OpenCL device, with seven kernels that each add one idea.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

// The kernels of reduce.cl, in course order.
enum class ReduceKernel { Interleaved, Sequential, FirstAdd, PerItem, TwoPass, Float4, Cpu };
const std::vector<ReduceKernel>& reduceKernels();
std::string kernelName(ReduceKernel kernel);  // "reduce_interleaved", ...
std::string shortName(ReduceKernel kernel);   // "interleaved", ..., "float4 loads", "CPU-shaped"
// The step the program picks for a device: step 7 (Cpu) on a CPU, step 6 (Float4) elsewhere.
ReduceKernel kernelFor(const cl::Device& device);

// Elements each work-item of reduce_per_item adds (built into the kernel as -D PER_ITEM).
constexpr int kPerItem = 8;
// Step 7: runs each work-item reads side by side (built into the kernel as -D CPU_RUNS); in the
// first pass, work-groups per compute unit and the fewest floats a work-item gets.
constexpr int kCpuRuns = 8;
constexpr std::uint64_t kCpuGroupsPerUnit = 4;
constexpr std::uint64_t kCpuRunFloats = 4096;

struct ReduceOptions {
    std::size_t workGroupSize = 0;  // 0: 256 (64 for Float4, 1 for Cpu), or less if the kernel allows less
    hoc::Repeats repeats{0, 1};     // runs of all the passes; the median time is kept
};

struct ReduceResult {
    float sum = 0;
    std::size_t passes = 0;       // kernel launches, each on the previous one's partial sums
    std::uint64_t additions = 0;  // the most float additions any element went through (sets the error bound)
    std::size_t workGroupSize = 0;
    std::size_t maxWorkGroupSize = 0;  // the kernel's limit on this device (CL_KERNEL_WORK_GROUP_SIZE)
    double seconds = 0;                // median time from the first pass's start to the last one's end
    // Where the median run's time went (of an even number of runs, the faster middle one): each
    // pass's device time, and the rest of its span, from one pass's end to the next one's start.
    std::vector<double> passSeconds;
    double betweenSeconds = 0;
};

class Reduction {
public:
    // Steps 1 and 2: context, queue and program for `device`.
    explicit Reduction(const cl::Device& device);

    // Steps 3 to 5: the sum of `data` (at least one element) with `kernel`.
    ReduceResult sum(const std::vector<float>& data, ReduceKernel kernel, const ReduceOptions& options = {});

    // The ReduceResult::additions that sum would report for n elements, without running anything
    // (for checking, before a run, that the error bound can tell a right sum from a wrong one).
    std::uint64_t additions(std::uint64_t n, ReduceKernel kernel, const ReduceOptions& options = {});

private:
    const cl::Kernel& kernel(ReduceKernel which);  // the program's kernel of that name, made once

    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
    std::map<ReduceKernel, cl::Kernel> kernels_;
};
