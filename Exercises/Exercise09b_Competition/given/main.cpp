// Exercise 9b: command line, tuning, inputs, check and report. The OpenCL work is in sgemm.cpp;
// sgemm_benchmark (the competition module, Competition/) races it against the BLAS libraries.
#include <climits>
#include <iostream>
#include <optional>

#include "hoc/common/errors.hpp"

#include "hoc/common/data.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/cli/main.hpp"
#include "sgemm.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise09b_Competition", "Exercise 9b: the C = A * B competition");
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
    hoc::matmul::requireHostMemory(d, "C = A * B at " + d.text());
    const auto variants = sgemmVariants(device);
    Variant variant = variants.front();
    if (given) {
        variant = *given;
    } else if (!noTune) {
        const auto tuned = tuneSgemm(device, variants, tuningSize(device, d), cache, retune, &std::cout);
        std::cout << tuned.note << "\n";
        variant = tuned.best;
    }
    std::cout << "Variant: " << variant.text() << "\n";

    const auto a = hoc::randomFloats(d.m * d.k, 1, -1, 1), b = hoc::randomFloats(d.k * d.n, 2, -1, 1);
    const SgemmResult r = sgemm(device, a, b, d, variant, {1, static_cast<int>(repeats)});

    // Global-memory traffic as written, for the roofline: a block of C reads its rows of A and
    // columns of B once; the block is a work-group's TS x TS (sgemm_local) or BM x BN (sgemm_tiles),
    // a work-item's RM x NV*VW (sgemm_panel). Kernels of other names report no bytes.
    hoc::Extra traffic;
    const bool panel = variant.kernel == "sgemm_panel", local = variant.kernel == "sgemm_local";
    if (panel || local || variant.kernel == "sgemm_tiles") {
        const int blockM = local ? variant.at("TS") : panel ? variant.at("RM") : variant.at("BM");
        const int blockN = local ? variant.at("TS") : panel ? variant.at("NV") * variant.at("VW") : variant.at("BN");
        traffic.emplace_back(
            "bytes", hoc::matmul::bytesTiled(d, static_cast<std::size_t>(blockM), static_cast<std::size_t>(blockN)));
    }
    report.flops("C = A * B (" + variant.kernel + ")", d.text(), hoc::matmul::check(a, b, r.c, d), r.timing, d.flops(),
                 traffic);
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
