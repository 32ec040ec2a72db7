// Exercise 1: C = A + B for N random floats (-n, default 2^20), checked against the same sum on the
// host and reported. The OpenCL work, the course's five steps, is yours in vadd.cpp; the command
// line, inputs, check and report are the vector programs' shared main (hoc/cli/vector_main.hpp).
#include "hoc/cli/vector_main.hpp"
#include "vadd.hpp"

int main(int argc, char** argv)
{
    hoc::VectorSum sum;
    sum.name = "C = A + B";
    sum.inputs = 2;     // A and B
    sum.buffers = 3;    // A, B and C on the device
    sum.onHost = 4;     // A, B, C and the reference on the host
    sum.moved = 3;      // 12 bytes of global memory (read a and b, write c) and 1 flop per element:
    sum.additions = 1;  // far left on the roofline
    sum.run = [](const cl::Device& device, const std::vector<std::vector<float>>& in) {
        const VaddResult r = vadd(device, in[0], in[1]);
        return hoc::VectorRun{r.c, r.timing};
    };
    return hoc::vectorMain(argc, argv, HOC_FOLDER, HOC_TITLE, sum);
}
