// Exercise 20b: the two tables the program ends with. The hierarchy: each level's size as OpenCL (or
// the host) reports it, its measured bandwidth and that bandwidth against global memory's read. The
// bursts: global memory read at a stride, the useful GB/s and the bytes each float read cost.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"

struct Levels {
    double pageableWriteGbps = 0, pageableReadGbps = 0;  // host <-> device, from a std::vector
    double pinnedWriteGbps = 0, pinnedReadGbps = 0;      // and from mapped CL_MEM_ALLOC_HOST_PTR memory
    double globalGbps = 0;                               // the read probe (reads only)
    std::string globalKernel;                            // which of its candidates ("4-float loads x 16")
    double localGbps = 0;                                // local_read
    int rounds = 0;
    double fmaGflops = 0;  // the FMA probe: private memory (registers) feeding the arithmetic
};

void printLevels(std::ostream& out, const cl::Device& device, const Levels& levels);

struct StrideRow {
    std::size_t stride = 0;
    std::size_t reads = 0;  // floats read
    double seconds = 0;
};

// One row per stride, stride 1 first. Bytes per float read: the bytes global memory delivers, at
// `yardstickGbps` (the read probe's rate; 0: stride 1's own), in the time each float read took.
void printStrides(std::ostream& out, std::size_t floats, const std::vector<StrideRow>& rows, double yardstickGbps);
