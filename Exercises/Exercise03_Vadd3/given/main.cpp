// Exercise 3: D = A + B + C for N random floats (-n, default 2^20), checked against the same sum on
// the host and reported. The OpenCL work, the course's five steps, is yours in vadd3.cpp; the command
// line, inputs, check and report are the vector programs' shared main (hoc/cli/vector_main.hpp).
#include "hoc/cli/vector_main.hpp"
#include "vadd3.hpp"

int main(int argc, char** argv)
{
    hoc::VectorSum sum;
    sum.name = "D = A + B + C";
    sum.inputs = 3;     // A, B and C
    sum.buffers = 4;    // A, B, C and D on the device
    sum.onHost = 5;     // A, B, C, D and the reference on the host
    sum.moved = 4;      // read a, b and c, write d
    sum.additions = 2;  // two additions per element
    sum.run = [](const cl::Device& device, const std::vector<std::vector<float>>& in) {
        const Vadd3Result r = vadd3(device, in[0], in[1], in[2]);
        return hoc::VectorRun{r.d, r.timing};
    };
    return hoc::vectorMain(argc, argv, HOC_FOLDER, HOC_TITLE, sum);
}
