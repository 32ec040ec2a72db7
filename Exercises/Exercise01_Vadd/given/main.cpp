// Exercise 1: command line, inputs, check and report. The OpenCL work is in vadd.cpp.
#include <climits>

#include "hoc/common/data.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/reference.hpp"
#include "vadd.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = 1 << 20;
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    hoc::requireBuffers(device, n * sizeof(float), 3, "N = " + std::to_string(n));
    // Held at once on the host: A, B, C and the reference (and on a CPU device the three buffers).
    hoc::requireHostMemory(hoc::hostBytes(device, 4.0 * sizeof(float) * static_cast<double>(n),
                                          3.0 * sizeof(float) * static_cast<double>(n)),
                           "N = " + std::to_string(n));
    const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);

    const VaddResult r = vadd(device, a, b);

    // 12 bytes of global memory (read a and b, write c) and 1 flop per element: far left on the roofline.
    report.bandwidth("C = A + B", "N = " + std::to_string(n), hoc::compare(hoc::ref::vadd(a, b), r.c), r.timing,
                     3.0 * sizeof(float) * n, {{"flops", static_cast<double>(n)}});
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
