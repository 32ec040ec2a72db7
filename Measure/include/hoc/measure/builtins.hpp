// OpenCL C's built-ins beyond the pi programs, run on a device and checked against the host's own
// computation: conversions with saturation and rounding, swizzles, a polynomial whose coefficients
// are in __constant memory, and the accuracy of the precise and native_ math functions. The kernels
// are a room's (Exercise A's builtins.cl), built by the room (hoc::builtins below); hoc::Builtins runs
// each kernel (steps 3 to 5), hoc::runBuiltins prints the tables and reports the checks. The *OnHost
// functions are the host's answers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"

namespace hoc {

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
    // `program`: builtins.cl built for `device` in `context`.
    Builtins(const cl::Context& context, const cl::Device& device, const cl::Program& program);

    // Steps 3 to 5 of each kernel.
    Conversions conversions(const std::vector<float>& x);
    std::vector<int> swizzles(const std::vector<int>& in);  // `in`: 8 ints
    // Throws hoc::UsageError naming CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE when `c` does not fit in __constant memory.
    std::vector<float> polynomial(const std::vector<float>& x, const std::vector<float>& c);
    // Every function of precise_and_native over `n` points of its range.
    std::vector<MathError> nativeAccuracy(std::size_t n);
    const cl::Device& device() const { return device_; }

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
};

// The program `builtins`'s command line: the points of the polynomial and of each math function, the
// polynomial's coefficients, and the parts to run.
struct BuiltinsOptions {
    std::size_t size = 100000, terms = 8;
    std::vector<std::string> parts = {"conversions", "swizzles", "constant", "native"};
};

// Steps 1 and 2 for the kernels of builtins.cl on `device`: a context and the program built. The room that
// holds builtins.cl defines it (Exercise A's builtins.cpp), since its build knows where the file is.
Builtins builtins(const cl::Device& device);

// Refuses (hoc::requireHostMemory) the sizes of `options` the host cannot hold. Called before the kernels
// are built, so that the memory the OpenCL compiler takes while building is counted in the runtime's
// reserve rather than as the program's.
void requireBuiltinsMemory(const cl::Device& device, const BuiltinsOptions& options);

// Runs each part of `options` with `kernels`, prints its table and adds its checks to `report`.
void runBuiltins(Builtins kernels, const BuiltinsOptions& options, hoc::Report& report);

}  // namespace hoc
