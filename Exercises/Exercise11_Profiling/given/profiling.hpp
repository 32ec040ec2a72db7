// Exercise 11: profile every command of a queue (writes, kernel, read) with events.
#pragma once

#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/measure/timeline.hpp"

struct ProfileResult {
    std::vector<float> c;                     // the kernel's result, read back
    std::vector<hoc::CommandTimes> commands;  // "write A", "write B", "kernel 1" ... "kernel R", "read C"
    std::vector<double> host_kernel_s;        // per kernel run: host timer around enqueueing it and waiting
    double host_total_s = 0;                  // host timer from the first write to C back on the host
};

// The four timestamps of a finished command (its queue must have CL_QUEUE_PROFILING_ENABLE).
hoc::CommandTimes readTimestamps(const std::string& name, const cl::Event& event);

// C = A + B with the vadd kernel (Kernels/vadd.cl); a and b have the same length (at least 1).
// The kernel runs `runs` times (at least 1), one after the other.
ProfileResult profileVadd(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                          int runs = 1);

// C = A * B with the one-element-per-work-item kernel (Kernels/matmul_element.cl), run `runs` times.
ProfileResult profileMatmul(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                            hoc::matmul::Dims d, int runs = 1);
