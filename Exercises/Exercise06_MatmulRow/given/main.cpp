// Exercise 6: command line, inputs, check and report (hoc::matmul::programMain, hoc/matmul/main.hpp).
// The OpenCL work is in matmul_row.cpp.
#include "hoc/matmul/main.hpp"
#include "matmul_row.hpp"

int main(int argc, char** argv)
{
    return hoc::matmul::programMain(argc, argv, HOC_FOLDER, HOC_TITLE,
                                    {"C row per work-item, all global", matmulRow, hoc::matmul::bytesElement});
}
