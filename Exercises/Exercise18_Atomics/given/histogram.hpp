// Exercise 18: a histogram of bytes on an OpenCL device, with atomics in global and in local
// memory, a kernel that wrongly counts on the order of work-groups, and the two-kernel fix.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

// One bin per byte value (BINS in histogram.cl).
constexpr std::size_t kBins = 256;

// The designs of histogram.cl, in course order.
enum class HistogramKernel { Global, Local, LastGroup, TwoKernels };
const std::vector<HistogramKernel>& histogramKernels();
std::string optionName(HistogramKernel kernel);   // "global", "local", "last-group", "two-kernels"
std::string kernelNames(HistogramKernel kernel);  // "histogram_global", ..., "histogram_partial + histogram_merge"
// A kernel whose answer may depend on the order in which work-groups run (step 3, shown on purpose).
bool dependsOnGroupOrder(HistogramKernel kernel);

// How the work-groups of one histogram are launched.
enum class GroupOrder {
    OneLaunch,  // one NDRange of all work-groups: the device picks the order (the normal way)
    InOrder,    // one launch per work-group, group 0 first
    Reversed,   // one launch per work-group, the last group first
};
std::string orderName(GroupOrder order);  // "one launch", "one group at a time, first to last", ...

struct HistogramOptions {
    std::size_t workGroupSize = 0;  // 0: 64, or less if the kernel allows less
    std::size_t groups = 0;         // 0: 16 per compute unit, at most one per work-group's worth of bytes
    GroupOrder order = GroupOrder::OneLaunch;
    hoc::Repeats repeats{0, 1};  // runs; the median device time is kept
};

struct HistogramResult {
    std::vector<cl_uint> bins;  // kBins counts
    std::size_t workGroupSize = 0;
    std::size_t maxWorkGroupSize = 0;  // the design's first kernel's limit on this device (CL_KERNEL_WORK_GROUP_SIZE)
    std::size_t groups = 0;
    std::size_t chunk = 0;  // bytes per work-group
    double seconds = 0;     // median device time, first command's start to last one's end
};

class Histogram {
public:
    // Steps 1 and 2: context, queue and program for `device`.
    explicit Histogram(const cl::Device& device);

    // Steps 3 to 5: the histogram of `data` (at least one byte) with `kernel`.
    HistogramResult count(const std::vector<std::uint8_t>& data, HistogramKernel kernel,
                          const HistogramOptions& options = {});

    // Step 4's answer: STEP4_ANSWER in histogram.cl, which the given kernel step4_answer hands over.
    unsigned stepFourAnswer();

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};
