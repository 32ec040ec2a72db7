// Exercise 3: D = A + B + C with one kernel that takes three inputs.
#pragma once

#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

struct Vadd3Result {
    std::vector<float> d;  // D = (A + B) + C, read back from the device
    hoc::Timing timing;
};

// Runs the three-input kernel on `device`; a, b and c have the same length (at least 1).
Vadd3Result vadd3(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                  const std::vector<float>& c);
