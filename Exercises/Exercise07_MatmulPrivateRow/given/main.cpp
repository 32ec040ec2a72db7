// Exercise 7: command line, inputs, check and report (hoc::matmul::programMain, hoc/matmul/main.hpp).
// The OpenCL work is in matmul_private_row.cpp.
#include "hoc/matmul/main.hpp"
#include "matmul_private_row.hpp"

int main(int argc, char** argv)
{
    long chunk = kWholeRow;  // step 1; --chunk N runs step 2
    const auto options = [&chunk](hoc::CommandLine& cli) {
        cli.option("--chunk", chunk,
                   "Step 2: floats of the row of A held in private memory at a time (default 0: step 1, the whole row)",
                   1, 65536);
    };
    const auto runs = [&chunk] {
        const auto c = static_cast<std::size_t>(chunk);
        return std::vector<hoc::matmul::ProgramRun>{
            {"C row per work-item, A row private",
             [c](auto& device, auto& a, auto& b, hoc::matmul::Dims d) { return matmulPrivateRow(device, a, b, d, c); },
             [c](hoc::matmul::Dims d) { return hoc::matmul::bytesPrivateRow(d, c); }}};
    };
    return hoc::matmul::programMain(argc, argv, HOC_FOLDER, HOC_TITLE, options, runs);
}
