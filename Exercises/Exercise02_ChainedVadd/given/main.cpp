// Exercise 2: command line, inputs, check and report. The OpenCL work is in chained_vadd.cpp.
#include <climits>

#include "chained_vadd.hpp"
#include "hoc/common/data.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/reference.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = 1 << 20;
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    hoc::requireBuffers(device, n * sizeof(float), 7, "N = " + std::to_string(n));
    // Held at once on the host: A, B, E, G, F and the reference's three sums (and on a CPU device the
    // seven buffers).
    hoc::requireHostMemory(hoc::hostBytes(device, 8.0 * sizeof(float) * static_cast<double>(n),
                                          7.0 * sizeof(float) * static_cast<double>(n)),
                           "N = " + std::to_string(n));
    const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);
    const auto e = hoc::randomFloats(n, 3), g = hoc::randomFloats(n, 4);

    const ChainResult r = chainedVadd(device, a, b, e, g);

    using hoc::ref::vadd;
    report.bandwidth("F = A + B + E + G", "N = " + std::to_string(n), hoc::compare(vadd(vadd(vadd(a, b), e), g), r.f),
                     r.timing, 9.0 * sizeof(float) * n,
                     {{"flops", 3.0 * n}});  // three kernels, one addition per element each
    return cli.finish(report);               // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
