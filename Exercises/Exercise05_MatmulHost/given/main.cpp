// Exercise 5: command line, inputs, check and report. The OpenCL work is in matmul_host.cpp.
#include <iostream>

#include "hoc/matmul_main.hpp"
#include "matmul_host.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise05_MatmulHost", "Exercise 5: C = A * B, your host program running the kernel of Exercise 04");
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const hoc::matmul::Dims d = sizes.dims();
    hoc::matmul::requireMatrices(device, d);
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);

    const hoc::matmul::MatmulResult result = matmulHost(device, in.a, in.b, d);

    std::cout << "NDRange: " << result.launch << "\n";
    hoc::matmul::reportRun(report, "C(i,j) per work-item, all global", in, d, result, hoc::matmul::bytesElement(d));
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
