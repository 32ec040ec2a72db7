// A pi kernel of Exercise 10's tree design run on a device, for the programs that run such a kernel
// with host code of their own (Exercise A's vector kernels): steps 3 to 5 of the course's pi program,
// which Exercise 10 teaches. Every pi kernel of the course takes the same arguments: the step count,
// the steps of each work-item, the step width as a float, a float of local memory per work-item and
// a float per work-group for its sum; the host adds the work-groups' sums in double.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc::pi {

struct Run {
    double pi = 0;
    std::size_t workGroups = 0, workGroupSize = 0;
    std::uint64_t stepsPerItem = 0;    // a multiple of the run's stepMultiple
    std::size_t maxWorkGroupSize = 0;  // CL_KERNEL_WORK_GROUP_SIZE of the kernel that ran
    hoc::Timing timing;                // kernel_s: the median kernel time
};

// Runs `kernel` for `steps` steps (at least 1) on the queue's device, `repeats` times (the median
// time is kept), and adds the work-groups' sums. The sizes are the tree design's: work-groups of
// `workGroupSize` (0: the kernel's largest, at most 256), 32 per compute unit, at least 64 and at most
// 2^23 steps per work-item, rounded up to a multiple of `stepMultiple` (a vector kernel's width).
// Refused (with the reason) where the kernel or the device does not allow the sizes.
Run runTree(const cl::CommandQueue& queue, const cl::Kernel& kernel, std::uint64_t steps, std::size_t workGroupSize,
            std::uint64_t stepMultiple, const hoc::Repeats& repeats);

// A run's row of the report: `name`, its pi checked against the exact midpoint-rule value within
// the course's target (check in reference.hpp), its rate in steps/s, and the figures of the roofline
// for a kernel of `flopsPerStep` flops per step that writes one float per work-group.
hoc::Result row(const std::string& name, const Run& run, std::uint64_t steps, double flopsPerStep);

// Kernels of several vector widths compared (Exercise A): `run(width)` for each of `widths` ("1" for
// the scalar kernel pi, "4" for pi_vector as float4, ...), each run's row (above, 7 flops per step as the
// tree design's loop, and its width) added to `report`, then each vector kernel's steps/s against the
// scalar kernel's, when it ran.
void compareWidths(hoc::Report& report, const std::vector<std::string>& widths, std::uint64_t steps,
                   const std::function<Run(int width)>& run);

}  // namespace hoc::pi
