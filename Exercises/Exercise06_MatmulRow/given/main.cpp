// Exercise 6: command line, inputs, check and report (hoc::matmul::programMain, Cli/include/hoc/cli/matmul_main.hpp).
// The OpenCL work is in matmul_row.cpp.
#include "hoc/cli/matmul_main.hpp"
#include "matmul_row.hpp"

int main(int argc, char** argv)
{
    return hoc::matmul::programMain(argc, argv, "Exercise06_MatmulRow",
                                    "Exercise 6: C = A * B, one row of C per work-item",
                                    {"C row per work-item, all global", matmulRow, hoc::matmul::bytesElement});
}
