// Exercise 2: command line, inputs, check and report. The OpenCL work is in chained_vadd.cpp.
#include <climits>

#include "chained_vadd.hpp"
#include "hoc/data.hpp"
#include "hoc/main.hpp"
#include "hoc/reference.hpp"

int main(int argc, char** argv)
{
    hoc::Main program("Exercise02_ChainedVadd", "Exercise 2: chained vector additions, F = ((A + B) + E) + G");
    std::size_t n = 1 << 20;
    program.sizeOption("-n,--size", n, "Vector length", INT_MAX);

    return program.run(argc, argv, [&](const cl::Device& device, hoc::Report& report) {
        hoc::requireBuffers(device, n * sizeof(float), 7, "N = " + std::to_string(n));
        const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);
        const auto e = hoc::randomFloats(n, 3), g = hoc::randomFloats(n, 4);

        const ChainResult r = chainedVadd(device, a, b, e, g);

        using hoc::ref::vadd;
        report.bandwidth("F = A + B + E + G", "N = " + std::to_string(n),
                         hoc::compare(vadd(vadd(vadd(a, b), e), g), r.f), r.timing, 9.0 * sizeof(float) * n);
    });
}
