// The second roof of the roofline model: the device's peak FP32 rate, measured by a kernel of fused
// multiply-adds (Kernels/roofline_fma.cl). The first roof, the peak bandwidth, is the read probe
// (hoc::ReadBenchmark, hoc/bandwidth.hpp). Used by hoc-roofline (the instructor's probe)
// and by Exercise 20, which places the matmul kernels under both roofs.
#pragma once

#include <cstddef>
#include <vector>

#include "hoc/check.hpp"
#include "hoc/opencl.hpp"
#include "hoc/timing.hpp"

namespace hoc {

// What one measurement of the FMA kernel did.
struct FmaRuns {
    std::vector<double> seconds;  // each timed run's device time
    double flops = 0;             // floating-point operations of one run (an fma counts 2)
    std::size_t workItems = 0;
    int chains = 0, iterations = 0;  // independent fma chains per work-item, steps per chain
    CheckResult check;            // a sample of work-items' results against the host's, bit for bit
};

class FmaBenchmark {
public:
    // Builds roofline_fma.cl (searched as hoc/program.hpp says, with Kernels/ as the configured folder).
    explicit FmaBenchmark(const cl::Device& device);

    // Runs `workItems` work-items (0: 2048 per compute unit), each `iterations` steps of its chains.
    FmaRuns runs(std::size_t workItems, int iterations, const Repeats& repeats);

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Kernel kernel_;
};

}  // namespace hoc
