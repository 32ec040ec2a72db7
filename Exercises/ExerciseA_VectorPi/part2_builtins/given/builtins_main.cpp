// Exercise A, more built-ins: the program `builtins`. Its kernels are builtins.cl, built by builtins.cpp;
// Measure runs each, checks it against the host's own computation and prints its table
// (hoc/measure/builtins.hpp; the command line is hoc/measure/builtins_main.hpp).
#include "hoc/measure/builtins_main.hpp"

int main(int argc, char** argv) { return hoc::builtinsMain(argc, argv, HOC_FOLDER, HOC_TITLE); }
