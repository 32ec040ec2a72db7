// Exercise 20: the roofline of the matmul ladder. Your counts (traffic.cpp) give each kernel's
// arithmetic intensity; with the device's two roofs, measured here, they predict its rate; the
// program runs each kernel, checks C, and sets the measured rate beside the prediction (the table is
// Measure's, hoc::RooflineTable in hoc/measure/roofs.hpp).
//   roofline --size 1024
//   roofline --size 512 --kernels element blocked --bandwidth 2044 --peak 56900   (roofs given)
#include <climits>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/common/names.hpp"
#include "hoc/matmul/main.hpp"
#include "run_kernel.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    hoc::matmul::SizeOptions sizes;
    std::vector<std::string> chosen = hoc::namesOf(ladderKernels(), keyOf);
    long tile = 16;
    hoc::Repeats repeats;  // one warm-up, then the timed runs
    Roofs given;           // 0: measure
    std::size_t readFloats = std::size_t{1} << 24;
    sizes.add(cli);
    cli.listOption("--kernels", chosen, "Kernels to run (default all)", hoc::namesOf(ladderKernels(), keyOf));
    cli.option("--tile", tile, "Tile side of the blocked kernel", 1, 1024);
    cli.option("--repeats", repeats.runs, "Timed runs of each kernel after a warm-up; the median counts", 1, 1000);
    cli.option("--bandwidth", given.gbps, "Peak bandwidth in GB/s (default: measured with the read kernel)");
    cli.option("--peak", given.gflops, "Peak FP32 rate in GFLOP/s (default: measured with the FMA kernel)");
    cli.sizeOption("--read-size", readFloats, "Floats the bandwidth roof's read kernel reads", INT_MAX);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;
    if (given.gbps < 0 || given.gflops < 0)
        throw hoc::UsageError("--bandwidth and --peak must be positive (or 0: measure)");

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const hoc::matmul::Dims d = sizes.dims();
    hoc::matmul::requireMatrices(device, d);

    // 1. Your counts, checked for being there at all.
    const std::vector<LadderKernel> kernels = hoc::chosenOf(ladderKernels(), chosen, keyOf);
    for (const LadderKernel k : kernels) {
        const Counts c = perWorkItem(k, d, static_cast<double>(tile));
        if (!(c.flops > 0) || !(c.bytes > 0))
            throw hoc::Failure("Exercise 20: perWorkItem() in traffic.cpp gives " + hoc::fixedText(c.flops, 0) +
                               " flops and " + hoc::fixedText(c.bytes, 0) + " bytes for the " + keyOf(k) +
                               " kernel; count them from the kernel's code first (see the README's procedure)");
    }

    // 2. The roofs.
    const Roofs roofs = hoc::measureRoofs(device, given, readFloats, repeats, std::cout);
    std::cout << "Matrices: " << d.text() << ", blocked tile " << tile << "\n";

    // 3. Each kernel: run, check, compare with the prediction of your counts.
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
    const hoc::matmul::ExpectedC expected = hoc::matmul::expectedC(in.a, in.b, d);
    hoc::RooflineTable table(report, roofs, d.text());
    for (const LadderKernel k : kernels) {
        const Counts c = perWorkItem(k, d, static_cast<double>(tile));
        table.measure(
            labelOf(k), c.flops, c.bytes, workItems(k, d),
            [&] {
                const hoc::matmul::MatmulResult r = runKernel(k, device, in, d, static_cast<std::size_t>(tile));
                return hoc::RooflineRun{r.timing.best(), hoc::matmul::check(expected, r.c)};
            },
            repeats);
    }
    table.print(std::cout);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
