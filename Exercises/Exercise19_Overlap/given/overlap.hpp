// Exercise 19: overlapping copies with kernels. A long SAXPY, Y = a X + Y (`rounds` times per
// element), done in chunks: each chunk is copied to the device, computed, and copied back. The
// device holds only `slots` chunks at a time, so a slot is filled again once its chunk is read back.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/measure/command_times.hpp"  // hoc::commandTimes, and timeline.hpp
#include "hoc/measure/pipeline.hpp"       // a pipeline's commands, overlap and dependencies

struct PipelineOptions {
    std::size_t chunk = 1 << 18;  // elements per chunk (the last chunk may be shorter)
    std::size_t slots = 2;        // chunks held on the device at once: 2 * slots buffers of `chunk` floats
    int rounds = 16;              // a X + Y steps per element (1: a plain SAXPY)
    double hold_s = 0.02;         // how long the host holds the gate, with every command enqueued (0: not at all)
};

// One command of the pipeline, as its event describes it: its timestamps (named "write x 3",
// "saxpy 3", "read y 3", ...), its type, which of the function's queues ran it and its chunk.
using Command = hoc::PipelineCommand;

struct PipelineResult {
    std::vector<float> y;           // the answer
    std::vector<Command> commands;  // every write, kernel and read, in the order they were enqueued
    std::size_t chunks = 0;
};

// Part 1: one in-order queue. For each chunk: write X and Y into a slot, run the kernel, read Y back.
PipelineResult saxpyOneQueue(const cl::Device& device, float a, const std::vector<float>& x,
                             const std::vector<float>& y, const PipelineOptions& options);

// Part 2: the same commands in three in-order queues (copies in, kernels, copies out), linked by
// events, so that the copies of one chunk can run while the kernel of another does.
PipelineResult saxpyThreeQueues(const cl::Device& device, float a, const std::vector<float>& x,
                                const std::vector<float>& y, const PipelineOptions& options);

// ---- pipeline.cpp: what the lesson's functions share and what checks them --------------------

// Host memory the device copies from and to directly ("pinned"): a buffer OpenCL allocates on the
// host side (CL_MEM_ALLOC_HOST_PTR), mapped for as long as this object lives. From ordinary
// (pageable) memory a GPU driver copies through a staging buffer of its own, and such a copy
// cannot run while a kernel runs.
class PinnedFloats {
public:
    PinnedFloats(const cl::Context& context, const cl::CommandQueue& queue, std::size_t n);
    ~PinnedFloats();
    PinnedFloats(const PinnedFloats&) = delete;
    PinnedFloats& operator=(const PinnedFloats&) = delete;
    float* data() { return data_; }

private:
    cl::CommandQueue queue_;
    cl::Buffer buffer_;
    float* data_ = nullptr;
};

// The device memory a run needs: stops with a clear message (naming the device's limit) when the
// slots, or the pinned host arrays, cannot exist on `device`. Also refuses a chunk of more than
// INT_MAX elements (the kernel counts in int).
void requirePipelineMemory(const cl::Device& device, std::size_t n, const PipelineOptions& options);

// Element i of the answer in double, and how far a float computation may be from it: each of the
// `rounds` steps rounds a product and a sum (or one fused result), each by at most half a unit in
// the last place of a value no larger than |y| + (rounds + 1) |a x|; the bound allows a whole unit
// (2^-23 relative) per rounding.
struct SaxpyReference {
    std::vector<double> value, bound;
};
SaxpyReference saxpyReference(float a, const std::vector<float>& x, const std::vector<float>& y, int rounds);

// What the profiling timestamps say (hoc/measure/pipeline.hpp): the command's type in words, and the
// copy time that ran under kernels (the commands of type CL_COMMAND_NDRANGE_KERNEL as kernels).
using hoc::commandTypeName;
using hoc::measureOverlap;
using Overlap = hoc::Overlap;

// Empty when every dependency of the pipeline shows in the timestamps (hoc::chunkDependencyProblem):
// each kernel started after both writes of its chunk ended, each read after its chunk's kernel ended,
// and each write into a slot after the read of the slot's previous chunk ended. Else the first one
// that did not, in words, with the TODO that fixes it.
std::string dependencyProblem(const PipelineResult& result, std::size_t slots);
