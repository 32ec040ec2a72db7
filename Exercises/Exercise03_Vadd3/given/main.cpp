// Exercise 3: command line, inputs, check and report. The OpenCL work is in vadd3.cpp.
#include <climits>

#include "hoc/common/data.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/reference.hpp"
#include "vadd3.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = 1 << 20;
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    hoc::requireBuffers(device, n * sizeof(float), 4, "N = " + std::to_string(n));
    // Held at once on the host: A, B, C, D and the reference (and on a CPU device the four buffers).
    hoc::requireHostMemory(hoc::hostBytes(device, 5.0 * sizeof(float) * static_cast<double>(n),
                                          4.0 * sizeof(float) * static_cast<double>(n)),
                           "N = " + std::to_string(n));
    const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2), c = hoc::randomFloats(n, 3);

    const Vadd3Result r = vadd3(device, a, b, c);

    report.bandwidth("D = A + B + C", "N = " + std::to_string(n), hoc::compare(hoc::ref::vadd3(a, b, c), r.d), r.timing,
                     4.0 * sizeof(float) * n, {{"flops", 2.0 * n}});  // two additions per element
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
