// Exercise 17: the driver's (main.cpp) command line and refusals, so that main.cpp reads as the
// measurement. The matrices' shapes are hoc::matmul::MatrixShape (hoc/matmul/matrix_shape.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/cli/main.hpp"
#include "hoc/common/names.hpp"
#include "hoc/matmul/matrix_shape.hpp"
#include "hoc/common/timing.hpp"
#include "transpose.hpp"

// Refuses (hoc::UsageError, exit status 2) a largest matrix the device cannot hold four buffers of,
// or the host its input, expected result and each kernel's result.
void requireMemory(const cl::Device& device, const hoc::matmul::MatrixShape& largest);

// The command line.
struct Options {
    std::vector<std::vector<std::size_t>> shapes = {{256, 256},   {1024, 1024}, {2048, 2048},
                                                    {1000, 3000}, {4096, 4096}, {8192, 8192}};  // --shapes
    std::vector<std::string> kernels = hoc::namesOf(transposeKernels(), kernelName);            // --kernels
    TransposeShape shape;                                                                       // --tile, --tile-rows
    hoc::Repeats repeats;        // --runs, after one warm-up
    std::size_t readFloats = 0;  // --read-size; 0: ReadBenchmark::yardstickFloats, four times the largest matrix

    void add(hoc::CommandLine& cli);  // the options above, on `cli`
};
