// Exercise 4: command line, inputs, check and report (hoc::matmul::programMain, hoc/matmul/main.hpp).
// Your kernel is matmul_element.cl.
#include "hoc/matmul/main.hpp"
#include "matmul_kernel.hpp"

int main(int argc, char** argv)
{
    return hoc::matmul::programMain(argc, argv, HOC_FOLDER, HOC_TITLE,
                                    {"C(i,j) per work-item, all global", matmulKernel, hoc::matmul::bytesElement});
}
