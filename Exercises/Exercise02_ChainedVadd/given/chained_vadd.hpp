// Exercise 2: three vector additions in a row, C = A + B, D = C + E, F = D + G.
#pragma once

#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

struct ChainResult {
    std::vector<float> f;  // F = ((A + B) + E) + G, read back from the device
    hoc::Timing timing;    // kernel_s: from the first kernel's start to the last kernel's end
};

// Runs the vadd kernel three times on `device`; all inputs have the same length (at least 1).
ChainResult chainedVadd(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                        const std::vector<float>& e, const std::vector<float>& g);
