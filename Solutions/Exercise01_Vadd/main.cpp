// Exercise 1: command line, inputs, check and report. The OpenCL work is in vadd.cpp.
#include <climits>

#include "hoc/data.hpp"
#include "hoc/main.hpp"
#include "hoc/reference.hpp"
#include "vadd.hpp"

int main(int argc, char** argv)
{
    hoc::Main program("Exercise01_Vadd", "Exercise 1: vector addition, C = A + B");
    std::size_t n = 1 << 20;
    program.sizeOption("-n,--size", n, "Vector length", INT_MAX);

    return program.run(argc, argv, [&](const cl::Device& device, hoc::Report& report) {
        hoc::requireBuffers(device, n * sizeof(float), 3, "N = " + std::to_string(n));
        const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2);

        const VaddResult r = vadd(device, a, b);

        // 12 bytes of global memory (read a and b, write c) and 1 flop per element: far left on the roofline.
        report.bandwidth("C = A + B", "N = " + std::to_string(n), hoc::compare(hoc::ref::vadd(a, b), r.c),
                         r.timing, 3.0 * sizeof(float) * n, {{"flops", static_cast<double>(n)}});
    });
}
