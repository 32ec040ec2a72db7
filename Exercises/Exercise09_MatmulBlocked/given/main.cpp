// Exercise 9: command line, inputs, check and report for the blocked kernel and its variants.
// The OpenCL work is in matmul_blocked.cpp, matmul_blocked_dynamic.cpp and matmul_image.cpp.
#include <algorithm>
#include <iostream>

#include "hoc/matmul_main.hpp"
#include "matmul_blocked.hpp"

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Exercise09_MatmulBlocked", "Exercise 9: C = A * B, blocked: tiles of A and B in local memory");
    hoc::matmul::SizeOptions sizes;
    sizes.add(cli);
    long tile = 16;
    cli.option("--tile", tile, "Tile side: tile x tile work-groups, two tiles in local memory", 1, 1024);
    std::vector<std::string> keys;
    for (const auto& v : blockedVariants(1))
        keys.push_back(v.key);
    std::vector<std::string> chosen = keys;
    cli.listOption("--variants", chosen, "The kernels to run (default: all)", keys);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    const hoc::matmul::Dims d = sizes.dims();
    hoc::matmul::requireMatrices(device, d);
    const hoc::matmul::Inputs in = hoc::matmul::randomInputs(d);
    for (const auto& variant : blockedVariants(static_cast<std::size_t>(tile))) {
        if (std::find(chosen.begin(), chosen.end(), variant.key) == chosen.end())
            continue;
        const hoc::matmul::MatmulResult result = variant.run(device, in.a, in.b, d);
        std::cout << "NDRange: " << result.launch << "\n";
        hoc::matmul::reportRun(report, variant.label, in, d, result, variant.bytes(d));
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
