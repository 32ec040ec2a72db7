// Exercise 17: the bandwidth driver. It measures the read kernel (the roofline's bandwidth roof) once,
// then for each shape the copy kernel and every transpose kernel on the same device, checks each
// result, prints a table of GB/s (and % of the copy's), and reports each kernel at the largest shape
// with its fractions of both yardsticks. The OpenCL work is in transpose.cpp; the command line and
// refusals in matrices.cpp.
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/measure/bandwidth.hpp"
#include "matrices.hpp"
#include "transpose.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    Options opt;
    opt.add(cli);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const std::vector<hoc::matmul::MatrixShape> shapes = hoc::matmul::matrixShapes(opt.shapes);
    const std::vector<TransposeKernel> kernels = hoc::chosenOf(transposeKernels(), opt.kernels, kernelName);
    const hoc::matmul::MatrixShape& largest = hoc::matmul::largestShape(shapes);
    requireMemory(device, largest);            // exit status 2 where the device or the host cannot hold it
    Transposer transposer(device, opt.shape);  // a tile that does not fit is refused before any measurement
    // The read kernel's best rate (clpeak's measurement), measured once, over four times the largest
    // matrix. A transpose also writes every float: the copy is the yardstick that fits it.
    const double readGbps = hoc::readYardstickGbps(device, opt.readFloats, largest.count(), opt.repeats, std::cout);
    hoc::CopyBenchmark copy(device);
    const TransposeShape& shape = opt.shape;
    std::cout << "tiled kernels: " << shape.tile << " x " << shape.tile << " blocks, work-groups of " << shape.tile
              << " x " << shape.tileRows << "\n";
    hoc::BandwidthTable table(std::cout, "rows x cols", hoc::namesOf(kernels, shortName));

    for (const hoc::matmul::MatrixShape& s : shapes) {
        const std::vector<float> in = hoc::randomFloats(s.count(), static_cast<std::uint32_t>(s.rows * 31 + s.cols));
        const std::vector<float> expected = hoc::ref::transpose(in, s.rows, s.cols);
        const double copyGbps = copy.gbps(s.count(), opt.repeats);
        const double bytes = 2.0 * sizeof(float) * static_cast<double>(s.count());  // read once, written once
        std::vector<std::pair<double, bool>> cells;
        for (const TransposeKernel k : kernels) {
            const TransposeResult r = transposer.transpose(in, s.rows, s.cols, k, opt.repeats);
            const hoc::CheckResult check = hoc::compare(expected, r.out);
            cells.emplace_back(hoc::gbps(bytes, r.seconds), check.ok);
            if (&s == &largest || !check.ok)
                hoc::reportAgainstCopy(report, shortName(k) + " (" + kernelName(k) + ")", s.text(), check, r.seconds,
                                       bytes, copyGbps, readGbps);
        }
        table.row(s.text(), copyGbps, cells);
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
