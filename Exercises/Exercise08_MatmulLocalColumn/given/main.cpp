// Exercise 8: command line, inputs, check and report (hoc::matmul::programMain, hoc/matmul/main.hpp).
// The OpenCL work is in matmul_local_column.cpp.
#include "hoc/matmul/main.hpp"
#include "matmul_local_column.hpp"

int main(int argc, char** argv)
{
    long chunk = kLocalColumnChunk;
    const auto options = [&chunk](hoc::CommandLine& cli) {
        cli.option("--chunk", chunk, "Floats of the row of A (private) and column of B (local) at a time", 1, 65536);
    };
    const auto runs = [&chunk] {
        const auto c = static_cast<std::size_t>(chunk);
        return std::vector<hoc::matmul::ProgramRun>{
            {"C row per work-item, A private, B local",
             [c](auto& device, auto& a, auto& b, hoc::matmul::Dims d) { return matmulLocalColumn(device, a, b, d, c); },
             [c](hoc::matmul::Dims d) { return hoc::matmul::bytesLocalColumn(d, c, 64); }}};
    };
    return hoc::matmul::programMain(argc, argv, HOC_FOLDER, HOC_TITLE, options, runs);
}
