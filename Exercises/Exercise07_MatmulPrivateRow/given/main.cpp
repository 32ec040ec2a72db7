// Exercise 7: command line, inputs, check and report. The OpenCL work is in matmul_private_row.cpp.
#include <iostream>

#include "hoc/matmul_main.hpp"
#include "matmul_private_row.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise07_MatmulPrivateRow", "Exercise 7: C = A * B, one row of C per work-item, A row private");
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    long chunk = kWholeRow;  // step 1; --chunk N runs step 2
    cli.option("--chunk", chunk,
               "Step 2: floats of the row of A held in private memory at a time (default 0: step 1, the whole row)",
               1, 65536);
    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const hoc::matmul::Dims d = sizes.dims();
    hoc::matmul::requireMatrices(device, d);
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);

    const hoc::matmul::MatmulResult result = matmulPrivateRow(device, in.a, in.b, d, static_cast<std::size_t>(chunk));

    std::cout << "NDRange: " << result.launch << "\n";
    hoc::matmul::reportRun(report, "C row per work-item, A row private", in, d, result,
                           hoc::matmul::bytesPrivateRow(d, static_cast<std::size_t>(chunk)));
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
