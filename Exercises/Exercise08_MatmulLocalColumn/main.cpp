// Exercise 8: command line, inputs, check and report. The OpenCL work is in matmul_local_column.cpp.
#include "hoc/matmul_main.hpp"
#include "matmul_local_column.hpp"

int main(int argc, char** argv)
{
    long chunk = kLocalColumnChunk;
    return hoc::matmul::programMain(
        argc, argv, "Exercise08_MatmulLocalColumn",
        "Exercise 8: C = A * B, one row of C per work-item, A row private, B column local",
        "C row per work-item, A private, B local",
        [&](const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d) {
            return matmulLocalColumn(device, a, b, d, static_cast<std::size_t>(chunk));
        },
        [&](hoc::Main& program) {
            program.option("--chunk", chunk, "Floats of the row of A (private) and column of B (local) at a time", 1,
                           65536);
        });
}
