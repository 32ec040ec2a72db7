// The memory hierarchy of one device, level by level (Exercise 20b): the levels the course's probes
// measure (the host level by copies each way from pageable and from pinned host memory, global memory
// by the roofline's read probe, private memory by the FMA probe), each result checked and reported,
// and the two tables a hierarchy program ends with: each level's size, its measured bandwidth and that
// bandwidth against global memory's read; global memory read at a stride. The room measures local
// memory and the strided reads with its own kernels and fills those figures in.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

struct MemoryLevels {
    double pageableWriteGbps = 0, pageableReadGbps = 0;  // host <-> device, from a std::vector
    double pinnedWriteGbps = 0, pinnedReadGbps = 0;      // and from mapped CL_MEM_ALLOC_HOST_PTR memory
    double globalGbps = 0;                               // the read probe (reads only)
    std::string globalKernel;                            // which of its candidates ("4-float loads x 16")
    double localGbps = 0;                                // the room's local-memory kernel
    int rounds = 0;                                      // its reads of each block
    double fmaGflops = 0;  // the FMA probe: private memory (registers) feeding the arithmetic
};

// The host level: `floats` copied each way from pageable and from pinned host memory (the median of
// `repeats`), reported as "host -> device, pageable" ... and kept in `levels`.
void measureHostLevel(const cl::Device& device, std::size_t floats, const Repeats& repeats, Report& report,
                      MemoryLevels& levels);

// Global memory's read: the roofline's read probe over `floats` (its fastest candidate), reported as
// "global memory, read probe (16-float loads x 16)" and kept in `levels`.
void measureGlobalRead(const cl::Device& device, std::size_t floats, const Repeats& repeats, Report& report,
                       MemoryLevels& levels);

// Private memory: registers, read by the FMA probe's chains of fused multiply-adds (`workItems`, 0:
// the probe's default; `iterations` steps per chain), reported and kept in `levels`.
void measurePrivateLevel(const cl::Device& device, std::size_t workItems, int iterations, const Repeats& repeats,
                         Report& report, MemoryLevels& levels);

// The hierarchy's table: each level's size as OpenCL (or the host) reports it, its bandwidth and that
// bandwidth over global memory's read.
void printMemoryLevels(std::ostream& out, const cl::Device& device, const MemoryLevels& levels);

struct StrideRow {
    std::size_t stride = 0;
    std::size_t reads = 0;  // floats read
    double seconds = 0;
};

// One row per stride, stride 1 first. Bytes per float read: the bytes global memory delivers, at
// `yardstickGbps` (the read probe's rate; 0: stride 1's own), in the time each float read took.
void printStrides(std::ostream& out, std::size_t floats, const std::vector<StrideRow>& rows, double yardstickGbps);

}  // namespace hoc
