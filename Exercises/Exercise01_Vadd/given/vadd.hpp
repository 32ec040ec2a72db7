// Exercise 1: add two vectors on an OpenCL device.
#pragma once

#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

struct VaddResult {
    std::vector<float> c;  // C = A + B, read back from the device
    hoc::Timing timing;    // kernel time (profiling event) and host time for the commands
};

// Runs the vadd kernel on `device`; a and b have the same length (at least 1).
VaddResult vadd(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b);
