// Exercise 17: the bandwidth driver. It measures the read kernel (the roofline's bandwidth roof) once,
// then for each shape the copy kernel and every transpose kernel on the same device, checks each
// result, prints a table of GB/s (and % of the copy's), and reports each kernel at the largest shape
// with its fractions of both yardsticks (hoc::runBandwidthSweep, hoc/measure/bandwidth.hpp). The
// OpenCL work is in transpose.cpp; the matrices' shapes are hoc::matmul::MatrixShape.
#include <cstdint>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/names.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/matmul/matrix_shape.hpp"
#include "hoc/measure/bandwidth.hpp"
#include "hoc/measure/bandwidth_main.hpp"
#include "transpose.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::vector<std::vector<std::size_t>> sides = {{256, 256},   {1024, 1024}, {2048, 2048},
                                                   {1000, 3000}, {4096, 4096}, {8192, 8192}};
    // The kernels index a matrix with a uint: at most UINT_MAX elements.
    cli.shapesOption("--shapes", sides, "ROWSxCOLS", 2, "Matrices", UINT32_MAX,
                     {UINT32_MAX, "UINT_MAX: the kernels index a matrix with a uint"});
    TransposeShape shape;
    cli.sizeOption("--tile", shape.tile, "Tiled kernels: the block side", 1024);
    cli.sizeOption("--tile-rows", shape.tileRows, "Tiled kernels: work-items per block column", 1024);
    hoc::BandwidthOptions opt;  // --kernels, --runs, --read-size
    hoc::addBandwidthOptions(cli, opt, hoc::namesOf(transposeKernels(), kernelName), "the largest matrix");
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const std::vector<hoc::matmul::MatrixShape> shapes = hoc::matmul::matrixShapes(sides);
    const std::vector<TransposeKernel> kernels = hoc::chosenOf(transposeKernels(), opt.kernels, kernelName);
    const hoc::matmul::MatrixShape& largest = hoc::matmul::largestShape(shapes);
    // Exit status 2 where the device cannot hold four buffers of the largest matrix, or the host the
    // matrix, its reference transpose and the result (with the four buffers where they share its memory).
    hoc::requireSweepMemory(device, sizeof(float) * static_cast<double>(largest.count()), 4, 3, 4,
                            "a " + largest.text() + " matrix");
    Transposer transposer(device, shape);  // a tile that does not fit is refused before any measurement
    // A transpose also writes every float: the copy, not the read kernel, is the yardstick that fits it.
    hoc::BandwidthSweep sweep("rows x cols", hoc::namesOf(kernels, shortName), opt.repeats());
    for (const hoc::matmul::MatrixShape& s : shapes)
        sweep.add(s.text(), s.count(), &s == &largest);
    sweep.readFloats = opt.readFloats;
    const std::string tile = std::to_string(shape.tile);
    sweep.note = "tiled kernels: " + tile + " x " + tile + " blocks, work-groups of " + tile + " x " +
                 std::to_string(shape.tileRows);
    sweep.at = [&](std::size_t i) -> std::function<hoc::BandwidthRun(std::size_t)> {
        const hoc::matmul::MatrixShape& s = shapes[i];
        std::vector<float> in = hoc::randomFloats(s.count(), static_cast<std::uint32_t>(s.rows * 31 + s.cols));
        std::vector<float> expected = hoc::ref::transpose(in, s.rows, s.cols);
        return [&, s, in = std::move(in), expected = std::move(expected)](std::size_t k) {
            const TransposeResult r = transposer.transpose(in, s.rows, s.cols, kernels[k], opt.repeats());
            const double bytes = 2.0 * sizeof(float) * static_cast<double>(s.count());  // read once, written once
            return hoc::BandwidthRun(shortName(kernels[k]) + " (" + kernelName(kernels[k]) + ")", r.seconds, bytes,
                                     hoc::compare(expected, r.out));
        };
    };
    hoc::runBandwidthSweep(device, report, std::cout, sweep);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
