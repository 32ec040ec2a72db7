// A pipeline of chunks (Exercise 19): each chunk is written to a slot of the device, computed by a
// kernel and read back, in one queue or in several linked by events. What its commands' profiling
// timestamps say: the first chunks as a timeline, how much copy time ran under kernels, and whether
// every dependency of the pipeline held.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/measure/timeline.hpp"

namespace hoc {

// One command of the pipeline, as its event describes it.
struct PipelineCommand {
    CommandTimes times;        // named "<step> <chunk>": "write x 3", "saxpy 3", "read y 3", ...
    cl_command_type type = 0;  // CL_EVENT_COMMAND_TYPE: CL_COMMAND_WRITE_BUFFER, CL_COMMAND_NDRANGE_KERNEL, ...
    int queue = 0;             // which of the program's queues ran it (0, 1, 2)
    std::size_t chunk = 0;
};

// The command's type, in words: "write", "kernel", "read", or the number.
std::string commandTypeName(cl_command_type type);

// What the timestamps say about overlap (measureOverlap of timeline.hpp), the commands of type
// CL_COMMAND_NDRANGE_KERNEL as kernels, the others as copies.
Overlap measureOverlap(const std::vector<PipelineCommand>& commands);

// Prints the first two chunks' commands as a timeline, then what the timestamps of all `chunks` say
// about overlap; returns that.
Overlap describePipeline(const std::vector<PipelineCommand>& commands, std::size_t chunks);

// "Overlap: <later> took ... times <earlier>'s time; ...% of its copy time ran while a kernel ran",
// and a note for a device that shares its memory with the host.
void printOverlapGain(const cl::Device& device, const Overlap& earlier, const Overlap& later,
                      const std::string& earlierName, const std::string& laterName);

// Each chunk's steps, by the names of its commands without the chunk's number, and what to say when
// a dependency did not hold.
struct ChunkSteps {
    std::vector<std::string> writes;  // "write x", "write y"
    std::string kernel, read;         // "saxpy", "read y"
    std::string kernelTooEarly;       // a kernel started before one of its chunk's writes ended
    std::string readTooEarly;         // a read started before its chunk's kernel ended
    std::string slotTooEarly;         // a write into a slot started before the slot's previous read ended
};

// Empty when every dependency of the pipeline shows in the timestamps: each kernel started after its
// chunk's writes ended, each read after its chunk's kernel ended, and each write into a slot (chunk c
// uses slot c mod `slots`) after the read of the slot's previous chunk ended. Else the first one that
// did not, in words, with the step's text.
std::string chunkDependencyProblem(const std::vector<PipelineCommand>& commands, std::size_t chunks, std::size_t slots,
                                   const ChunkSteps& steps);

}  // namespace hoc
