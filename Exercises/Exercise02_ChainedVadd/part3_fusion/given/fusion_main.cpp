// Exercise 2, part 3: runs part 1's chain and the fused kernel on the same inputs, checks both against
// the serial chain (exactly: the same additions in the same order), and prints each one's time and
// the GB/s it moved (your counts from step 1), with its time as a fraction of the chain's (Measure's
// hoc::printVersionTimes).
#include <climits>
#include <iostream>

#include "fusion.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/measure/versions.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = std::size_t{1} << 24;
    hoc::Repeats repeats{1, 5};
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);
    cli.option("--runs", repeats.runs, "Timed runs of each version after one warm-up; the median is reported", 1, 1000);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    const std::string size = "N = " + hoc::sizeText(n);
    // On the device: A, B, E, G, C, D and F. On the host: the inputs, the reference with its two
    // partial sums and the two results read back (and on a CPU device the seven buffers).
    hoc::requireBuffers(device, sizeof(float) * static_cast<double>(n), 7, size);
    hoc::requireHostMemory(hoc::hostBytes(device, 11.0 * sizeof(float) * static_cast<double>(n),
                                          7.0 * sizeof(float) * static_cast<double>(n)),
                           size);

    const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);
    const auto e = hoc::randomFloats(n, 3), g = hoc::randomFloats(n, 4);
    using hoc::ref::vadd;
    const std::vector<float> expected = vadd(vadd(vadd(a, b), e), g);

    const Traffic traffic = trafficPerElement();
    Fusion fusion(device, a, b, e, g);
    const FusionRun chain = fusion.chain(repeats);
    report.bandwidth("chain: vadd three times", size, hoc::compare(expected, chain.f), {chain.seconds, 0},
                     traffic.chain * sizeof(float) * static_cast<double>(n), {{"flops", 3.0 * static_cast<double>(n)}});
    const FusionRun fused = fusion.fused(repeats);
    report.bandwidth("fused: vadd_fused once", size, hoc::compare(expected, fused.f), {fused.seconds, 0},
                     traffic.fused * sizeof(float) * static_cast<double>(n), {{"flops", 3.0 * static_cast<double>(n)}});

    const double floats = sizeof(float) * static_cast<double>(n);
    hoc::printVersionTimes(
        std::cout, repeats.runs,
        {{"chain", chain.seconds, traffic.chain * floats}, {"fused", fused.seconds, traffic.fused * floats}});
    std::cout << "your prediction of step 4 (fusedTimeFraction in fusion.cpp): "
              << (fusedTimeFraction() != 0 ? "made; the tests check it against the counts" : "not made yet") << "\n";
    return cli.finish(report);  // --json; exit status 0 when both results are correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
