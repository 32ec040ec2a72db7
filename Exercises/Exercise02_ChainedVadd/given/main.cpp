// Exercise 2: F = A + B + E + G for N random floats (-n, default 2^20) by three kernels in a row,
// checked against the same sums on the host and reported. The OpenCL work, the course's five steps,
// is yours in chained_vadd.cpp; the command line, inputs, check and report are the vector programs'
// shared main (hoc/cli/vector_main.hpp).
#include "chained_vadd.hpp"
#include "hoc/cli/vector_main.hpp"

int main(int argc, char** argv)
{
    hoc::VectorSum sum;
    sum.name = "F = A + B + E + G";
    sum.inputs = 4;     // A, B, E and G
    sum.buffers = 7;    // A, B, E, G, C, D and F on the device
    sum.onHost = 8;     // A, B, E, G, F and the reference's three sums on the host
    sum.moved = 9;      // each of the three kernels reads two vectors and writes one
    sum.additions = 3;  // three kernels, one addition per element each
    sum.run = [](const cl::Device& device, const std::vector<std::vector<float>>& in) {
        const ChainResult r = chainedVadd(device, in[0], in[1], in[2], in[3]);
        return hoc::VectorRun{r.f, r.timing};
    };
    return hoc::vectorMain(argc, argv, HOC_FOLDER, HOC_TITLE, sum);
}
