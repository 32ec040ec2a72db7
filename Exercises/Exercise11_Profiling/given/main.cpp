// Exercise 11: command line, inputs and checks. The profiling is in profiling.cpp; the printed
// timelines in timelines.cpp.
#include <algorithm>
#include <climits>

#include "hoc/cli/main.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/matmul/dims.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "profiling.hpp"
#include "timelines.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);
    std::size_t n = 1 << 20;
    std::vector<std::size_t> dims = {256};
    std::vector<std::string> kernels = {"vadd", "matmul"};
    long runs = 2;
    cli.sizeOption("-n,--size", n, "Vector length for vadd", INT_MAX);
    cli.sizesOption("--dims", dims, "Matrix sizes for matmul: N (square) or M,N,K");
    cli.listOption("--kernels", kernels, "Which kernels to profile", {"vadd", "matmul"});
    cli.option("--runs", runs, "How many times each kernel runs", 1, 100);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const auto d = hoc::matmul::dimsFrom(dims);  // sizes the kernel cannot index: exit 2
    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);
    for (const auto& kernel : kernels) {
        if (kernel == "vadd") {
            hoc::requireBuffers(device, n * sizeof(float), 3, "N = " + std::to_string(n));
            // A, B, C and the reference on the host, with the three buffers where the device's memory is
            // the host's.
            const double vector = sizeof(float) * static_cast<double>(n);
            hoc::requireHostMemory(hoc::hostBytes(device, 4 * vector, 3 * vector), "N = " + std::to_string(n));
            const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);
            const ProfileResult r = profileVadd(device, a, b, static_cast<int>(runs));
            report.bandwidth("vadd: C = A + B", "N = " + std::to_string(n), hoc::compare(hoc::ref::vadd(a, b), r.c),
                             timing(r), 3.0 * sizeof(float) * n, {{"flops", static_cast<double>(n)}});
            show("vadd", r, report);
        } else {
            hoc::requireBuffers(device, sizeof(float) * std::max({d.m * d.k, d.k * d.n, d.m * d.n}), 3, d.text());
            hoc::matmul::requireHostMemory(device, d, "--dims " + d.text());
            const auto a = hoc::randomFloats(d.m * d.k, 3, -1, 1), b = hoc::randomFloats(d.k * d.n, 4, -1, 1);
            const ProfileResult r = profileMatmul(device, a, b, d, static_cast<int>(runs));
            report.flops("matmul: C = A * B, one element per work-item", d.text(), hoc::matmul::check(a, b, r.c, d),
                         timing(r), d.flops(), {{"bytes", hoc::matmul::bytesElement(d)}});
            show("matmul", r, report);
        }
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
