// Exercise 3: command line, inputs, check and report. The OpenCL work is in vadd3.cpp.
#include <climits>

#include "hoc/data.hpp"
#include "hoc/main.hpp"
#include "hoc/reference.hpp"
#include "vadd3.hpp"

int main(int argc, char** argv)
{
    hoc::Main program("Exercise03_Vadd3", "Exercise 3: three-input vector addition, D = A + B + C");
    std::size_t n = 1 << 20;
    program.sizeOption("-n,--size", n, "Vector length", INT_MAX);

    return program.run(argc, argv, [&](const cl::Device& device, hoc::Report& report) {
        hoc::requireBuffers(device, n * sizeof(float), 4, "N = " + std::to_string(n));
        const auto a = hoc::randomFloats(n, 1), b = hoc::randomFloats(n, 2), c = hoc::randomFloats(n, 3);

        const Vadd3Result r = vadd3(device, a, b, c);

        report.bandwidth("D = A + B + C", "N = " + std::to_string(n), hoc::compare(hoc::ref::vadd3(a, b, c), r.d),
                         r.timing, 4.0 * sizeof(float) * n);
    });
}
