// Exercise 7: command line, inputs, check and report. The OpenCL work is in matmul_private_row.cpp.
#include "hoc/matmul_main.hpp"
#include "matmul_private_row.hpp"

int main(int argc, char** argv)
{
    long chunk = kWholeRow;  // step 1; --chunk N runs step 2
    return hoc::matmul::programMain(
        argc, argv, "Exercise07_MatmulPrivateRow", "Exercise 7: C = A * B, one row of C per work-item, A row private",
        "C row per work-item, A row private",
        [&](const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d) {
            return matmulPrivateRow(device, a, b, d, static_cast<std::size_t>(chunk));
        },
        [&](hoc::Main& program) {
            program.option("--chunk", chunk,
                           "Step 2: floats of the row of A held in private memory at a time (default 0: step 1, "
                           "the whole row)",
                           1, 65536);
        });
}
