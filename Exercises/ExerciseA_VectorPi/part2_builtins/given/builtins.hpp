// Exercise A, more built-ins (the program `builtins`, kernels in builtins.cl): conversions with
// saturation and rounding, swizzles, __constant memory, and the accuracy of native_ math. Each is
// run on the device and checked against the host's own computation (the *OnHost functions).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"

// Every float converted six ways (kernel `conversions`).
struct Conversions {
    std::vector<int> rte, rtz, rtp, rtn;     // convert_int_sat_rte, _rtz, _rtp, _rtn
    std::vector<std::uint8_t> sat, sat_rte;  // convert_uchar_sat (toward zero), convert_uchar_sat_rte
};
Conversions conversionsOnHost(const std::vector<float>& x);

// The 22 ints the kernel `swizzles` writes for the 8 ints `in` (see builtins.cl).
std::vector<int> swizzlesOnHost(const std::vector<int>& in);

// scale[i % 2] * (c[0] + x (c[1] + x (...))) with one fma per step, scale = {0.5, 2} (kernel `polynomial`).
std::vector<float> polynomialOnHost(const std::vector<float>& x, const std::vector<float>& c);

// What one function's precise and native_ versions did over a range (kernel `precise_and_native`), in
// units in the last place (hoc::ulpError).
struct MathError {
    std::string function;    // "exp", "log", "sin", "sqrt", "1/x"
    double lo = 0, hi = 0;   // the inputs: n points spread evenly over [lo, hi]
    double preciseUlps = 0;  // the largest error of the precise function, in ulps
    double nativeUlps = 0;   // ... of the native_ one
    double allowedUlps = 0;  // the precise function's bound in the OpenCL 1.2 specification (full profile)
};

class Builtins {
public:
    // Steps 1 and 2: context, queue and program (builtins.cl) for `device`.
    explicit Builtins(const cl::Device& device);

    // Steps 3 to 5 of each kernel.
    Conversions conversions(const std::vector<float>& x);
    std::vector<int> swizzles(const std::vector<int>& in);  // `in`: 8 ints
    // Throws hoc::Failure naming CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE when `c` does not fit in __constant memory.
    std::vector<float> polynomial(const std::vector<float>& x, const std::vector<float>& c);
    // Every function of precise_and_native over `n` points of its range.
    std::vector<MathError> nativeAccuracy(std::size_t n);

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};
