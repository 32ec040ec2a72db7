// Exercise 20: the roofline of the matmul ladder. Your counts (traffic.cpp) give each kernel's
// arithmetic intensity; with the device's two roofs, measured here, they predict its rate; the
// program runs each kernel, checks C, and sets the measured rate beside the prediction (roofline.cpp).
//   roofline --size 1024
//   roofline --size 512 --kernels element blocked --bandwidth 2044 --peak 56900   (roofs given)
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/matmul/main.hpp"
#include "roofline.hpp"
#include "run_kernel.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    Options opt;
    opt.add(cli);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;
    opt.check();  // --bandwidth and --peak: 0 or more

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const hoc::matmul::Dims d = opt.sizes.dims();
    hoc::matmul::requireMatrices(device, d);
    const double tile = static_cast<double>(opt.tile);

    // 1. Your counts, checked for being there at all.
    const std::vector<LadderKernel> kernels = hoc::chosenOf(ladderKernels(), opt.kernels, keyOf);
    requireCounts(kernels, d, tile);

    // 2. The roofs.
    const Roofs roofs = hoc::measureRoofs(device, opt.given, opt.readFloats, opt.repeats, std::cout);
    std::cout << "Matrices: " << d.text() << ", blocked tile " << opt.tile << "\n";

    // 3. Each kernel: run, check, compare with the prediction of your counts.
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
    const hoc::matmul::ExpectedC expected = hoc::matmul::expectedC(in.a, in.b, d);
    RooflineTable table(report, roofs, d, tile);
    for (const LadderKernel k : kernels)
        table.measure(
            k, [&] { return runKernel(k, device, in, d, static_cast<std::size_t>(opt.tile)); }, expected, opt.repeats);
    table.print(std::cout);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
