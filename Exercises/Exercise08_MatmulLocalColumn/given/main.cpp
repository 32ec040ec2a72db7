// Exercise 8: command line, inputs, check and report. The OpenCL work is in matmul_local_column.cpp.
#include <iostream>

#include "hoc/matmul_main.hpp"
#include "matmul_local_column.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise08_MatmulLocalColumn", "Exercise 8: C = A * B, one row of C per work-item, A row private, B column local");
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    long chunk = kLocalColumnChunk;
    cli.option("--chunk", chunk, "Floats of the row of A (private) and column of B (local) at a time", 1, 65536);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const hoc::matmul::Dims d = sizes.dims();
    hoc::matmul::requireMatrices(device, d);
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);

    const hoc::matmul::MatmulResult result = matmulLocalColumn(device, in.a, in.b, d, static_cast<std::size_t>(chunk));

    std::cout << "NDRange: " << result.launch << "\n";
    hoc::matmul::reportRun(report, "C row per work-item, A private, B local", in, d, result,
                           hoc::matmul::bytesLocalColumn(d, static_cast<std::size_t>(chunk), 64));
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
