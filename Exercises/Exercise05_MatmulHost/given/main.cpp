// Exercise 5: command line, inputs, check and report (hoc::matmul::programMain, Cli/include/hoc/cli/matmul_main.hpp).
// The OpenCL work is in matmul_host.cpp.
#include "hoc/cli/matmul_main.hpp"
#include "matmul_host.hpp"

int main(int argc, char** argv)
{
    return hoc::matmul::programMain(argc, argv, HOC_FOLDER, HOC_TITLE,
                                    {"C(i,j) per work-item, all global", matmulHost, hoc::matmul::bytesElement});
}
