// The main of the vector programs (Exercises 1 to 3): one vector sum of random inputs on a device,
// checked and reported. Each of those rooms' main.cpp names its sum and passes its host function
// (the course's five steps, the student's file); this is the part they share: the command line
// (-n,--size), the refusal of sizes the device or the host cannot hold, the inputs, the run, the
// check against the same sum in float on the host and the report.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

// What a room's host function gives back: the sum read from the device and its times.
struct VectorRun {
    std::vector<float> sum;
    Timing timing;
};

struct VectorSum {
    std::string name;   // the row's name, e.g. "C = A + B"
    int inputs = 2;     // random vectors of N floats, seeds 1, 2, ..., added left to right
    int buffers = 3;    // the device's buffers of N floats (also in host memory on a CPU device)
    int onHost = 4;     // vectors of N floats held at once on the host: inputs, result, the check's
    int moved = 3;      // floats of global memory read and written per element, over all kernels
    int additions = 1;  // floating-point additions per element (the roofline's flops)
    std::function<VectorRun(const cl::Device&, const std::vector<std::vector<float>>&)> run;
};

// The whole program, under the program's folder and title (HOC_FOLDER and HOC_TITLE, which the build
// gives the room's main.cpp): exit status 0 when the sum is correct, 1 when it is not, 2 for a bad command
// line or a size that cannot be held, 3 for an OpenCL error.
int vectorMain(int argc, char** argv, const char* folder, const char* title, const VectorSum& sum);

}  // namespace hoc
