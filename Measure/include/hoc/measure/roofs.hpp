// The second roof of the roofline model: the device's peak FP32 rate, measured by a kernel of fused
// multiply-adds (Kernels/roofline_fma.cl). The first roof, the peak bandwidth, is the read probe
// (hoc::ReadBenchmark, hoc/measure/bandwidth.hpp). Used by hoc-roofline (the instructor's probe)
// and by Exercise 20, which places the matmul kernels under both roofs (hoc::RooflineTable).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

// How roofline_fma.cl holds a work-item's chains: `vectors` vectors of `width` floats.
struct FmaShape {
    int width = 8;
    int vectors = 4;
    std::string text() const;  // "float8 x 4"
};

// What one measurement of the FMA kernel did (of its fastest shape, when several were tried).
struct FmaRuns {
    std::vector<double> seconds;  // each timed run's device time
    double flops = 0;             // floating-point operations of one run (an fma counts 2)
    std::size_t workItems = 0;
    FmaShape shape;
    int chains = 0, iterations = 0;  // independent fma chains per work-item (width x vectors), steps per chain
    CheckResult check;               // a sample of work-items' results against the host's, bit for bit (every shape's)
    std::vector<std::pair<std::string, double>> tried;  // every shape ("float8 x 4") and its GFLOP/s (0: wrong bits)
};

class FmaBenchmark {
public:
    // Builds roofline_fma.cl (searched as hoc/common/program.hpp says, with Kernels/ as the configured
    // folder) in each shape this device is given: float8 x 4 and x 8, and float16 x 4 and x 8 where
    // its native vectors hold 16 floats.
    explicit FmaBenchmark(const cl::Device& device);
    // The same with the given shapes (a test checks the 16-float ones on any device this way).
    FmaBenchmark(const cl::Device& device, const std::vector<FmaShape>& shapes);

    std::vector<FmaShape> shapes() const;

    // Runs every shape with `workItems` work-items (0: 2048 per compute unit), each `iterations`
    // steps of its chains, and returns the fastest one's runs (its check fails if any shape's did).
    FmaRuns runs(std::size_t workItems, int iterations, const Repeats& repeats);

private:
    FmaRuns runShape(const FmaShape& shape, cl::Kernel& kernel, std::size_t workItems, int iterations,
                     const Repeats& repeats);

    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    std::vector<std::pair<FmaShape, cl::Kernel>> kernels_;
};

// A device's two roofs of the roofline, measured (or given on a command line).
struct DeviceRoofs {
    double gbps = 0;                                // peak bandwidth, GB/s: the read kernel (hoc::ReadBenchmark)
    double gflops = 0;                              // peak FP32 rate, GFLOP/s: the FMA kernel
    double ridge() const { return gflops / gbps; }  // FLOP/byte where the two roofs meet
};

// The roofs: measured (the best of the timed runs, as hoc-roofline does) unless given (> 0), the
// bandwidth with the read kernel over `readFloats` floats, the peak with the FMA kernel; printed as
// "Roofs: bandwidth ... GB/s (read kernel), peak ... GFLOP/s (FMA kernel); ridge point ...".
DeviceRoofs measureRoofs(const cl::Device& device, DeviceRoofs given, std::size_t readFloats, const Repeats& repeats,
                         std::ostream& out);

// The roofline's prediction for a kernel of `intensity` FLOP/byte: the lower of the two roofs.
double predictedGflops(double intensity, const DeviceRoofs& roofs);

// One run of a kernel whose place under the roofs is measured: its device time and its result's check.
struct RooflineRun {
    double seconds = 0;
    CheckResult check;
};

// Kernels set under the roofs (Exercise 20): each one's counts per work-item, its intensity, the
// rate the roofs predict and the rate measured, reported as it is added and printed as one table
// at the end (after the runs, which print their results as they go).
class RooflineTable {
public:
    RooflineTable(Report& report, const DeviceRoofs& roofs, std::string size);

    // Runs `run` repeats.warmups + repeats.runs times (each run's check counts: the first wrong one's
    // message, else the last run's) and reports the median time of the timed runs against the
    // prediction for `workItems` work-items of `flopsPerItem` flops and `bytesPerItem` bytes of
    // global memory each.
    void measure(const std::string& label, double flopsPerItem, double bytesPerItem, double workItems,
                 const std::function<RooflineRun()>& run, const Repeats& repeats);

    // The table and how to read it.
    void print(std::ostream& out) const;

private:
    Report& report_;
    DeviceRoofs roofs_;
    std::string size_;
    std::ostringstream rows_;
};

}  // namespace hoc
