// Exercise 5: command line, inputs, check and report (hoc::matmul::programMain, hoc/matmul/main.hpp).
// The OpenCL work is in matmul_host.cpp.
#include "hoc/matmul/main.hpp"
#include "matmul_host.hpp"

int main(int argc, char** argv)
{
    return hoc::matmul::programMain(argc, argv, HOC_FOLDER, HOC_TITLE,
                                    {"C(i,j) per work-item, all global", matmulHost, hoc::matmul::bytesElement});
}
