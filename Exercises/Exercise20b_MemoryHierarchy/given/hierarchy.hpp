// Exercise 20b: the memory hierarchy, measured. 000's "The Memory Hierarchy" orders the four levels
// by size and bandwidth: private, local, global and host memory. The program measures each on one
// device: the host level by copies (hoc::TransferBenchmark), global memory by the roofline's read
// probe (hoc::ReadBenchmark) and by strided reads (strided_read, given), local memory by your kernel
// local_read (hierarchy.cl), private memory by the FMA probe (hoc::FmaBenchmark). This file is the
// two kernels' host side.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"
#include "hoc/measure/hierarchy.hpp"

// float4s in one work-group's block of local_read's input (hierarchy.cl's TILE, 4 KiB), and the most
// rounds it takes; local_read's serial reference and its run (LocalRun) are Measure's.
constexpr int kTile = hoc::kLocalTile, kMaxRounds = hoc::kLocalMaxRounds;
// The largest buffer the probes index: 2^30 floats (4 GiB).
constexpr std::size_t kMaxFloats = std::size_t{1} << 30;

// strided_read's shape, its inputs (small whole numbers, exact in any order), its run and its serial
// reference are Measure's (hoc/measure/hierarchy.hpp).
constexpr std::size_t kPerItem = hoc::kStridedPerItem, kStridedGroup = hoc::kStridedGroup;
using hoc::LocalRun;
using hoc::referenceLocal;
using hoc::referenceStrided;
using hoc::StridedRun;
using hoc::wholeNumbers;

class Hierarchy {
public:
    // Steps 1 and 2: context, profiling queue, hierarchy.cl built with -D TILE=kTile.
    explicit Hierarchy(const cl::Device& device);

    // local_read over `in` (a whole number of blocks, 4 kTile floats each, one work-group per block),
    // in work-groups of `local` (0: kTile, or the kernel's CL_KERNEL_WORK_GROUP_SIZE where that is
    // less); `rounds` reads of the block per work-item, run by hoc::runLocal.
    LocalRun local(const std::vector<float>& in, std::size_t local, int rounds, const hoc::Repeats& repeats);

    // strided_read over `in`: one float in `stride`, in.size() / stride of them (a whole number of
    // work-groups' kPerItem x kStridedGroup), run by hoc::runStrided.
    StridedRun strided(const std::vector<float>& in, std::size_t stride, const hoc::Repeats& repeats);

    // CL_KERNEL_WORK_GROUP_SIZE of local_read on this device.
    std::size_t maxLocal() const;
    // CL_KERNEL_LOCAL_MEM_SIZE of local_read: the local memory it declares.
    std::size_t localMemoryBytes() const;

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};
