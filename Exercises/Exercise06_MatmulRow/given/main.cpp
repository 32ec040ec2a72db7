// Exercise 6: command line, inputs, check and report. The OpenCL work is in matmul_row.cpp.
#include <iostream>

#include "hoc/matmul_main.hpp"
#include "matmul_row.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise06_MatmulRow", "Exercise 6: C = A * B, one row of C per work-item");
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const hoc::matmul::Dims d = sizes.dims();
    hoc::matmul::requireMatrices(device, d);
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);

    const hoc::matmul::MatmulResult result = matmulRow(device, in.a, in.b, d);

    std::cout << "NDRange: " << result.launch << "\n";
    hoc::matmul::reportRun(report, "C row per work-item, all global", in, d, result, hoc::matmul::bytesElement(d));
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
