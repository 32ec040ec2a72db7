// The memory hierarchy of one device, level by level (Exercise 20b): the levels the course's probes
// measure (the host level by copies each way from pageable and from pinned host memory, global memory
// by the roofline's read probe, private memory by the FMA probe), each result checked and reported,
// and the two tables a hierarchy program ends with: each level's size, its measured bandwidth and that
// bandwidth against global memory's read; global memory read at a stride. The room measures local
// memory and the strided reads with its own kernels and fills those figures in.
#pragma once

#include <cstddef>
#include <functional>
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

// Global memory read at a stride by the room's kernel strided_read(in, out, stride, per_item): each
// work-item sums kStridedPerItem floats of a strided view of `in`, in work-groups of kStridedGroup.
constexpr std::size_t kStridedPerItem = 16;
constexpr std::size_t kStridedGroup = 256;

// The inputs of the hierarchy's kernels: small whole numbers (0 to 3), so that every sum is exact in
// any order.
std::vector<float> wholeNumbers(std::size_t n);

// strided_read's serial reference: work-item i sums kStridedPerItem floats of the strided view.
std::vector<float> referenceStrided(const std::vector<float>& in, std::size_t stride);

struct StridedRun {
    std::vector<float> out;  // one sum per work-item
    std::size_t stride = 0;
    std::size_t reads = 0;  // floats read: one in `stride` of the buffer
    double seconds = 0;     // median kernel time
};

// `kernel` (strided_read) over `in` on `queue`: one float in `stride`, in.size() / stride of them (a
// whole number of work-groups' kStridedPerItem x kStridedGroup, at most `maxFloats` floats in all).
StridedRun runStrided(const cl::CommandQueue& queue, const cl::Kernel& kernel, const std::vector<float>& in,
                      std::size_t stride, std::size_t maxFloats, const Repeats& repeats);

// Local memory read by the room's kernel local_read(in, out, rounds), built with TILE = kLocalTile:
// each work-group copies its block of kLocalTile float4s into local memory once, then each of its
// work-items reads the whole block `rounds` times and writes its sum.
constexpr int kLocalTile = 256;
// The most rounds local_read takes: the sums of whole numbers stay below 2^24, exact in a float.
constexpr int kLocalMaxRounds = 4096;

// local_read's serial reference: work-item i of work-groups of `local` writes `rounds` times the sum
// of its work-group's block (4 kLocalTile floats).
std::vector<float> referenceLocal(const std::vector<float>& in, std::size_t local, int rounds);

struct LocalRun {
    std::vector<float> out;  // one sum per work-item
    std::size_t groups = 0;  // work-groups: one block each
    std::size_t local = 0;   // the work-group size that ran
    int rounds = 0;
    double seconds = 0;  // median kernel time (profiling events)
    // Bytes the work-items read from local memory: rounds x kLocalTile float4s each.
    double localBytes() const;
};

// `kernel` (local_read) over `in` on `queue` (a whole number of blocks, one work-group per block, at
// most `maxFloats` floats), in work-groups of `local` (0: kLocalTile, or the kernel's
// CL_KERNEL_WORK_GROUP_SIZE where that is less; more than kLocalTile: hoc::UsageError); `rounds`
// reads of the block per work-item. The output starts at 0, so a work-item that writes nothing shows.
LocalRun runLocal(const cl::CommandQueue& queue, const cl::Kernel& kernel, const std::vector<float>& in,
                  std::size_t local, int rounds, std::size_t maxFloats, const Repeats& repeats);

// Local memory's level: `groupsPerCu` blocks of whole numbers per compute unit, run by `run` (the
// room's local_read), checked against referenceLocal, reported and kept in `levels`.
void measureLocalLevel(const cl::Device& device, std::size_t groupsPerCu, Report& report, MemoryLevels& levels,
                       const std::function<LocalRun(const std::vector<float>&)>& run);

// Refuses (hoc::UsageError, naming --size) a buffer of `floats` the global probes cannot hold: the
// input and the read probe's copy on the host, one buffer each on the device.
void requireGlobalProbes(const cl::Device& device, std::size_t floats);

// The strides to run over a buffer of `floats`: 1 first (the yardstick of the bytes per float), then
// `strides` in increasing order, each once. Refused (hoc::UsageError, naming --size) where a stride
// does not divide the buffer into whole work-groups of reads.
std::vector<std::size_t> stridesToRun(std::vector<std::size_t> strides, std::size_t floats);

// Each stride run by `run` over wholeNumbers(floats), checked against referenceStrided and reported
// ("global memory, strided_read, stride 4"): the rows of printStrides.
std::vector<StrideRow> measureStrides(std::size_t floats, const std::vector<std::size_t>& strides, Report& report,
                                      const std::function<StridedRun(const std::vector<float>&, std::size_t)>& run);

// One row per stride, stride 1 first. Bytes per float read: the bytes global memory delivers, at
// `yardstickGbps` (the read probe's rate; 0: stride 1's own), in the time each float read took.
void printStrides(std::ostream& out, std::size_t floats, const std::vector<StrideRow>& rows, double yardstickGbps);

}  // namespace hoc
