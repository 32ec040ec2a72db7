// Exercise 9: command line, inputs, check and report for the blocked kernel and its variants
// (hoc::matmul::variantsMain, hoc/matmul/main.hpp: --tile, and --variants to choose among
// blockedVariants). The OpenCL work is in matmul_blocked.cpp, matmul_blocked_dynamic.cpp and
// matmul_image.cpp.
#include "hoc/matmul/main.hpp"
#include "matmul_blocked.hpp"

int main(int argc, char** argv)
{
    return hoc::matmul::variantsMain(argc, argv, HOC_FOLDER, HOC_TITLE, blockedVariants,
                                     "Tile side: tile x tile work-groups, two tiles in local memory");
}
