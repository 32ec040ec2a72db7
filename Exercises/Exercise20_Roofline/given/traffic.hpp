// Exercise 20: the roofline by hand. For each kernel of the matmul ladder (Exercises 05-09) you count
// what ONE work-item does: its floating-point operations and the bytes it reads from and writes to
// global memory, access by access as the kernel is written. The program turns your counts into an
// arithmetic intensity and a predicted rate under the device's two roofs, then runs the kernels and
// compares.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/measure/roofs.hpp"

// The kernels of the ladder, in course order.
enum class LadderKernel {
    Element,      // Exercise 05, mmul_element: one element C(i,j) per work-item, all global
    Row,          // Exercise 06, mmul_row: one row of C per work-item, all global
    PrivateRow,   // Exercise 07 step 1, mmul_private_row: the row of A copied once into private memory
    LocalColumn,  // Exercise 08, mmul_local_column: and a column of B shared in local memory by 64 work-items
    Blocked,      // Exercise 09, mmul_blocked: tile x tile tiles of A and B in local memory
};
const std::vector<LadderKernel>& ladderKernels();
std::string keyOf(LadderKernel kernel);    // "element", "row", ... (the --kernels names)
std::string labelOf(LadderKernel kernel);  // "C(i,j) per work-item, all global (Ex. 05)", ...

// What one work-item of a kernel does.
struct Counts {
    double flops = 0;  // floating-point operations (a multiply and an add count 2)
    double bytes = 0;  // bytes of GLOBAL memory read and written (a float is 4 bytes); private and
                       // local memory are free
};

// THE EXERCISE (traffic.cpp): the counts of one work-item of `kernel` for C (M x N) = A (M x K) *
// B (K x N). Count as the kernels in Kernels/ are written, for sizes that are multiples of the
// work-group: the local-column kernel runs in work-groups of 64 and copies each column of B once
// per work-group (a work-item's share is 1/64 of the copy) in chunks of kChunk floats of K; the
// blocked kernel runs in tile x tile work-groups.
constexpr double kGroup = 64;
constexpr double kChunk = 1024;
Counts perWorkItem(LadderKernel kernel, hoc::matmul::Dims d, double tile);

// 004 §4.8's quiz ("Data Reuse within mat_mul Kernel"), answered for C (M x N) = A (M x K) * B (K x N),
// in traffic.cpp: how many multiply-adds, over all the dot products that make C, use each element of A,
// and each element of B.
struct Uses {
    double ofA = 0;
    double ofB = 0;
};
Uses usesOfEachElement(hoc::matmul::Dims d);

// How many work-items compute C: one per element (element, blocked) or one per row (the others).
double workItems(LadderKernel kernel, hoc::matmul::Dims d);

// The device's two roofs, measured (or given on the command line): gbps, the peak bandwidth in GB/s
// (the read kernel), gflops, the peak FP32 rate in GFLOP/s (the FMA kernel), and ridge(), the FLOP/byte
// where they meet (hoc/measure/roofs.hpp).
using Roofs = hoc::DeviceRoofs;

// The roofline's prediction for a kernel of `intensity` FLOP/byte: the lower of the two roofs.
using hoc::predictedGflops;
