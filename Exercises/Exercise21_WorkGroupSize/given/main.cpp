// Exercise 21: one table of the same kernels over work-group sizes from 1 to the device's largest.
// Each column is one kernel (pi's tree design, the two-pass reduction, the naive transpose), each
// row one work-group size; every cell is checked. The sizes come from your workGroupSizes()
// (sizes.cpp), the runs from sweep.cpp; the command line, the table and the report are Measure's:
//   workgroup_sizes --kernels pi reduce --steps 16777216 --runs 5
#include "hoc/measure/sweep_main.hpp"
#include "sweep.hpp"

int main(int argc, char** argv) { return hoc::sweepMain(argc, argv, HOC_FOLDER, HOC_TITLE, sweep); }
