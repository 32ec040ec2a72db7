// Exercise 17: the bandwidth driver. It measures the read kernel (the roofline's bandwidth roof) once,
// then for each shape the copy kernel and every transpose kernel on the same device, checks each
// result, prints a table of GB/s (and % of the copy's), and reports each kernel at the largest shape
// with its fractions of both yardsticks. The OpenCL work is in transpose.cpp.
#include <algorithm>
#include <climits>
#include <iostream>

#include "hoc/measure/bandwidth.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/cli/main.hpp"
#include "transpose.hpp"
#include "transpose_reference.hpp"

namespace {

struct Shape {
    std::size_t rows = 0, cols = 0;
    std::size_t count() const { return rows * cols; }
    std::string text() const { return std::to_string(rows) + " x " + std::to_string(cols); }
};

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise17_Transpose",
                         "Exercise 17: matrix transpose, naive and tiled, against a copy and a read");
    std::vector<std::vector<std::size_t>> shapeValues = {{256, 256},   {1024, 1024}, {2048, 2048},
                                                         {1000, 3000}, {4096, 4096}, {8192, 8192}};
    std::vector<std::string> chosen;
    for (const TransposeKernel k : transposeKernels())
        chosen.push_back(kernelName(k));
    const std::vector<std::string> names = chosen;
    TransposeShape shape;
    long runs = 5;
    std::size_t readFloats = 0;  // 0: ReadBenchmark::yardstickFloats, four times the largest matrix
    // The kernels index a matrix with a uint: at most UINT_MAX elements.
    cli.shapesOption("--shapes", shapeValues, "ROWSxCOLS", 2, "Matrices", UINT32_MAX,
                     {UINT32_MAX, "UINT_MAX: the kernels index a matrix with a uint"});
    cli.listOption("--kernels", chosen, "Kernels to run (default all)", names);
    cli.sizeOption("--tile", shape.tile, "Tiled kernels: the block side", 1024);
    cli.sizeOption("--tile-rows", shape.tileRows, "Tiled kernels: work-items per block column", 1024);
    cli.option("--runs", runs, "Timed runs after one warm-up; the median is reported", 1, 1000);
    cli.sizeOption("--read-size", readFloats,
                   "Floats the read kernel reads (default: four times the largest matrix, "
                   "at least " +
                       std::to_string(hoc::ReadBenchmark::kMinFloats) + ", at most what fits)",
                   INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    std::vector<Shape> shapes;
    for (const auto& v : shapeValues)
        shapes.push_back({v[0], v[1]});
    std::vector<TransposeKernel> kernels;
    std::vector<std::string> columns;
    for (const TransposeKernel k : transposeKernels())
        if (std::find(chosen.begin(), chosen.end(), kernelName(k)) != chosen.end()) {
            kernels.push_back(k);
            columns.push_back(shortName(k));
        }

    const hoc::Repeats repeats{1, static_cast<int>(runs)};
    const auto largest = std::max_element(shapes.begin(), shapes.end(),
                                          [](const Shape& a, const Shape& b) { return a.count() < b.count(); });
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(largest->count()), 4,
                        "a " + largest->text() + " matrix");
    // The input, the expected result and each kernel's result, in floats on the host.
    hoc::requireHostMemory(3.0 * sizeof(float) * static_cast<double>(largest->count()),
                           "a " + largest->text() + " matrix");
    Transposer transposer(device, shape);  // a tile that does not fit is refused before any measurement
    // The read kernel's best rate (clpeak's measurement), measured once, over four times the largest
    // matrix. A transpose also writes every float: the copy is the yardstick that fits it.
    const double readGbps = hoc::readYardstickGbps(device, readFloats, largest->count(), repeats, std::cout);
    hoc::CopyBenchmark copy(device);
    std::cout << "tiled kernels: " << shape.tile << " x " << shape.tile << " blocks, work-groups of " << shape.tile
              << " x " << shape.tileRows << "\n";
    hoc::BandwidthTable table(std::cout, "rows x cols", columns);

    for (const Shape& s : shapes) {
        const std::vector<float> in = hoc::randomFloats(s.count(), static_cast<std::uint32_t>(s.rows * 31 + s.cols));
        const std::vector<float> expected = hoc::ref::transpose(in, s.rows, s.cols);
        const double copyGbps = copy.gbps(s.count(), repeats);
        const double bytes = 2.0 * sizeof(float) * static_cast<double>(s.count());  // read once, written once
        std::vector<std::pair<double, bool>> cells;
        for (const TransposeKernel k : kernels) {
            const TransposeResult r = transposer.transpose(in, s.rows, s.cols, k, repeats);
            const hoc::CheckResult check = hoc::compare(expected, r.out);
            cells.emplace_back(hoc::gbps(bytes, r.seconds), check.ok);
            if (&s == &*largest || !check.ok)
                hoc::reportAgainstCopy(report, shortName(k) + " (" + kernelName(k) + ")", s.text(), check, r.seconds,
                                       bytes, copyGbps, readGbps);
        }
        table.row(s.text(), copyGbps, cells);
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
