// Exercise 20: the roofline of the matmul ladder. Your counts (traffic.cpp) give each kernel's
// arithmetic intensity; with the device's two roofs, measured here, they predict its rate; the
// program runs each kernel, checks C, and sets the measured rate beside the prediction (roofline.cpp).
//   roofline --size 1024
//   roofline --size 512 --kernels element blocked --bandwidth 2044 --peak 56900   (roofs given)
#include <climits>
#include <iostream>

#include "hoc/cli/main.hpp"
#include "hoc/cli/matmul_main.hpp"
#include "hoc/common/errors.hpp"
#include "matmul_blocked.hpp"
#include "matmul_host.hpp"
#include "matmul_local_column.hpp"
#include "matmul_private_row.hpp"
#include "matmul_row.hpp"
#include "roofline.hpp"

namespace {

// The ladder's host functions, from Exercises 05-09.
hoc::matmul::MatmulResult runKernel(LadderKernel kernel, const cl::Device& device, const hoc::matmul::Inputs& in,
                                    hoc::matmul::Dims d, std::size_t tile)
{
    switch (kernel) {
    case LadderKernel::Element: return matmulHost(device, in.a, in.b, d);
    case LadderKernel::Row: return matmulRow(device, in.a, in.b, d);
    case LadderKernel::PrivateRow: return matmulPrivateRow(device, in.a, in.b, d);
    case LadderKernel::LocalColumn: return matmulLocalColumn(device, in.a, in.b, d);
    case LadderKernel::Blocked: return matmulBlocked(device, in.a, in.b, d, tile);
    }
    throw hoc::Failure("unknown kernel");
}

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise20_Roofline",
                         "Exercise 20: the matmul ladder on the roofline, your counts against the measurement");
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    std::vector<std::string> keys;
    for (const LadderKernel k : ladderKernels())
        keys.push_back(keyOf(k));
    std::vector<std::string> chosen = keys;
    cli.listOption("--kernels", chosen, "Kernels to run (default all)", keys);
    long tile = 16, repeats = 3;
    cli.option("--tile", tile, "Tile side of the blocked kernel", 1, 1024);
    cli.option("--repeats", repeats, "Timed runs of each kernel after a warm-up; the median counts", 1, 1000);
    Roofs given;
    cli.option("--bandwidth", given.gbps, "Peak bandwidth in GB/s (default: measured with the read kernel)");
    cli.option("--peak", given.gflops, "Peak FP32 rate in GFLOP/s (default: measured with the FMA kernel)");
    std::size_t readFloats = std::size_t{1} << 24;
    cli.sizeOption("--read-size", readFloats, "Floats the bandwidth roof's read kernel reads", INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;
    if (given.gbps < 0 || given.gflops < 0)
        throw hoc::UsageError("--bandwidth and --peak must be positive (or 0: measure)");

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const hoc::matmul::Dims d = sizes.dims();
    hoc::matmul::requireMatrices(device, d);
    const hoc::Repeats runs{1, static_cast<int>(repeats)};

    // 1. Your counts, checked for being there at all.
    const std::vector<LadderKernel> kernels = chosenKernels(chosen);
    requireCounts(kernels, d, static_cast<double>(tile));

    // 2. The roofs.
    const Roofs roofs = measureRoofs(device, given, readFloats, runs, std::cout);
    std::cout << "Matrices: " << d.text() << ", blocked tile " << tile << "\n";

    // 3. Each kernel: run, check, compare with the prediction of your counts.
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
    const hoc::matmul::ExpectedC expected = hoc::matmul::expectedC(in.a, in.b, d);
    RooflineTable table(report, roofs, d, static_cast<double>(tile));
    for (const LadderKernel k : kernels)
        table.measure(k, [&] { return runKernel(k, device, in, d, static_cast<std::size_t>(tile)); }, expected, runs);
    table.print(std::cout);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
