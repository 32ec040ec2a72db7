#include "matrices.hpp"

#include <climits>
#include <cstdint>

#include "hoc/cli/main.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/measure/bandwidth.hpp"

void Options::add(hoc::CommandLine& cli)
{
    // The kernels index a matrix with a uint: at most UINT_MAX elements.
    cli.shapesOption("--shapes", shapes, "ROWSxCOLS", 2, "Matrices", UINT32_MAX,
                     {UINT32_MAX, "UINT_MAX: the kernels index a matrix with a uint"});
    cli.listOption("--kernels", kernels, "Kernels to run (default all)", hoc::namesOf(transposeKernels(), kernelName));
    cli.sizeOption("--tile", shape.tile, "Tiled kernels: the block side", 1024);
    cli.sizeOption("--tile-rows", shape.tileRows, "Tiled kernels: work-items per block column", 1024);
    cli.option("--runs", repeats.runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.sizeOption("--read-size", readFloats,
                   "Floats the read kernel reads (default: four times the largest matrix, "
                   "at least " +
                       std::to_string(hoc::ReadBenchmark::kMinFloats) + ", at most what fits)",
                   INT_MAX);
}

void requireMemory(const cl::Device& device, const hoc::matmul::MatrixShape& largest)
{
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(largest.count()), 4,
                        "a " + largest.text() + " matrix");
    // The matrix, its reference transpose and the result on the host, with the four buffers where the
    // device's memory is the host's.
    const double matrix = sizeof(float) * static_cast<double>(largest.count());
    hoc::requireHostMemory(hoc::hostBytes(device, 3 * matrix, 4 * matrix), "a " + largest.text() + " matrix");
}
