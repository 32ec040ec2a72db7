// Exercise 9b: command line, tuning, inputs, check and report. The OpenCL work is in sgemm.cpp; the
// choice of variant and its traffic in run.cpp; sgemm_benchmark (the competition module,
// Competition/) races it against the BLAS libraries.
#include <climits>
#include <optional>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "hoc/matmul/matmul.hpp"
#include "run.hpp"
#include "sgemm.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = 1024;
    std::vector<std::size_t> shape;
    long repeats = 5;
    bool retune = false, noTune = false;
    std::string cache = hoc::tuning::defaultCacheFile(), chosen;
    cli.sizeOption("-n,--size", n, "M = N = K (square matrices)", 1 << 16);
    cli.sizesOption("--shape", shape, "M N K for rectangular matrices (instead of --size)", INT_MAX, 3);
    cli.option("--repeats", repeats, "timed runs after a warm-up run (the median counts)", 1, 1000);
    cli.flag("--retune", retune, "tune again even when the cache holds a choice for this device");
    cli.flag("--no-tune", noTune, "skip tuning: use the first variant for this kind of device");
    cli.option("--cache", cache, "the tuning cache file");
    cli.option("--variant", chosen,
               "run this variant, e.g. \"sgemm_tiles BK=16 BM=64 BN=64 DB=1 SKEW=0 TM=4 TN=4 WARPX=16\"");

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    hoc::matmul::Dims d{n, n, n};
    if (!shape.empty())
        d = {shape[0], shape[1], shape[2]};
    hoc::matmul::requireIntIndices(d, shape.empty() ? "--size" : "--shape");  // exit 2 when a matrix is too large
    std::optional<Variant> given;
    if (!chosen.empty())  // a mistake in --variant is a bad command line (exit 2)
        given = Variant::parse(chosen);

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    // A, B and C in floats, and the check's double reference and bounds, before anything is made.
    hoc::matmul::requireHostMemory(device, d, "C = A * B at " + d.text());
    const Variant variant = chooseVariant(device, given, d, cache, retune, noTune);  // tuned unless told

    const auto a = hoc::randomFloats(d.m * d.k, 1, -1, 1), b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
    const SgemmResult r = sgemm(device, a, b, d, variant, {1, static_cast<int>(repeats)});

    report.flops("C = A * B (" + variant.kernel + ")", d.text(), hoc::matmul::check(a, b, r.c, d), r.timing, d.flops(),
                 globalTraffic(variant, d));
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
