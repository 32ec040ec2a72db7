#include "hoc/cli/vector_main.hpp"

#include <climits>

#include "hoc/cli/main.hpp"
#include "hoc/common/check.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"

namespace hoc {

int vectorMain(int argc, char** argv, const char* folder, const char* title, const VectorSum& sum)
try {
    CommandLine cli(folder, title);
    std::size_t n = 1 << 20;
    cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    Report report = cli.report(device);

    const double vector = sizeof(float) * static_cast<double>(n);
    requireBuffers(device, n * sizeof(float), sum.buffers, "N = " + std::to_string(n));
    requireHostMemory(hostBytes(device, sum.onHost * vector, sum.buffers * vector), "N = " + std::to_string(n));
    std::vector<std::vector<float>> in;
    for (int i = 1; i <= sum.inputs; ++i)
        in.push_back(randomFloats(n, i));

    const VectorRun r = sum.run(device, in);

    std::vector<float> expected = in[0];  // the inputs added left to right, in float, as the kernels add
    for (std::size_t v = 1; v < in.size(); ++v)
        for (std::size_t i = 0; i < n; ++i)
            expected[i] += in[v][i];
    report.bandwidth(sum.name, "N = " + std::to_string(n), compare(expected, r.sum), r.timing, sum.moved * vector,
                     {{"flops", static_cast<double>(sum.additions) * static_cast<double>(n)}});
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}

}  // namespace hoc
