// hoc-roofline: the two roofs of the roofline model, measured on one device.
//   peak bandwidth: the course's copy yardstick (hoc::CopyBenchmark, Measure/src/bandwidth.cpp)
//                   copies N floats (8 bytes of global memory per element)
//   peak FP32 rate: Kernels/roofline_fma.cl runs 32 chains of fused multiply-adds in each work-item
// Each kernel runs once to warm up, then --repeats times, timed by profiling events; the fastest
// repeat is the roof (a roof is the most the device can do, so the best it showed is the honest
// estimate). script/run (hoc-runner) runs this first on every device and places each course kernel
// under these roofs.
#include <algorithm>
#include <climits>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "hoc/bandwidth.hpp"
#include "hoc/main.hpp"
#include "hoc/program.hpp"

namespace {

constexpr int kVectors = 4;     // float8 vectors per work-item in roofline_fma.cl
constexpr int kChains = 8 * kVectors;
constexpr float kA = 0.999f;    // x = fma(x, kA, kB): converges to kB / (1 - kA) = 1
constexpr float kB = 0.001f;

// Runs `launch` once to warm up, then `repeats` times; the fastest device time in seconds.
template <typename Launch>
double fastest(long repeats, Launch&& launch)
{
    const std::vector<double> times = hoc::runSeconds({1, static_cast<int>(repeats)}, [&] {
        cl::Event done = launch();
        return hoc::EventSpan{done, done};
    });
    return *std::min_element(times.begin(), times.end());
}

// What roofline_fma.cl computes for work-item `id`, in the same order: chain 8 v + j is lane j of
// vector v.
float fmaChains(int id, int iterations)
{
    const float start = static_cast<float>(id & 1023) * 0x1.0p-10f;
    float x[kVectors][8];
    for (int v = 0; v < kVectors; ++v)
        for (int j = 0; j < 8; ++j)
            x[v][j] = (start + static_cast<float>(j) * 0.125f) + static_cast<float>(v);
    for (int i = 0; i < iterations; ++i)
        for (auto& vector : x)
            for (float& lane : vector)
                lane = std::fma(lane, kA, kB);
    float s[8];
    for (int j = 0; j < 8; ++j)
        s[j] = (x[0][j] + x[1][j]) + (x[2][j] + x[3][j]);
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

std::string count(std::size_t n) { return std::to_string(n); }

}  // namespace

int main(int argc, char** argv)
try {
    hoc::CommandLine cli("Roofline", "Roofline: the device's peak bandwidth (copy) and peak FP32 rate (FMA)");
    std::size_t n = std::size_t{1} << 26;
    cli.sizeOption("-n,--size", n, "Floats to copy (fewer when the device cannot hold two such buffers)",
                   INT_MAX);
    long items = 0;
    cli.option("--items", items, "FMA work-items (0: 2048 per compute unit)", 0, INT_MAX);
    long iterations = 4096;
    cli.option("--iterations", iterations, "FMA steps per chain and work-item", 1, 1 << 24);
    long repeats = 10;
    cli.option("--repeats", repeats, "Timed runs of each kernel after a warm-up; the fastest counts", 1, 1000);

    if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
        return *stop;

    const cl::Device device = cli.device();
    hoc::Report report = cli.report(device);

    // --- Peak bandwidth: copy n floats.
    // Two buffers must fit in one allocation each and together in global memory (with room to spare).
    const std::size_t maxAlloc = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() / sizeof(float);
    const std::size_t globalFloats = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>() / sizeof(float);
    const std::size_t fits = std::min(maxAlloc, globalFloats / 3);
    if (n > fits) {
        std::cout << "copy: " << n << " floats do not fit this device twice; copying " << fits << "\n";
        n = fits;
    }
    {
        hoc::CopyBenchmark copy(device);
        hoc::CheckResult check;  // a copy is exact: every element must come back bit for bit
        const std::vector<double> times = copy.runs(n, {1, static_cast<int>(repeats)}, check);
        hoc::Timing timing;
        timing.kernel_s = *std::min_element(times.begin(), times.end());
        report.bandwidth("copy (peak bandwidth)", "N = " + count(n), check, timing,
                         2.0 * sizeof(float) * static_cast<double>(n));
    }

    // --- Peak FP32 rate: 32 fma chains per work-item, `iterations` steps each.
    {
        cl::Context context(device);
        cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
        cl::Program fmaProgram = hoc::buildProgram(context, device, "roofline_fma.cl");
        cl::KernelFunctor<cl::Buffer, int, float, float> fma(fmaProgram, "fma_peak");
        const std::size_t local = hoc::localSize(fma.getKernel(), device, 256);
        const std::size_t units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
        const std::size_t wanted = items > 0 ? static_cast<std::size_t>(items) : 2048 * units;
        // Every work-item does the same work, so whole work-groups are simply more work-items.
        const std::size_t global = std::min(hoc::roundUp(wanted, local), std::size_t{INT_MAX} / local * local);
        cl::Buffer d_out(context, CL_MEM_WRITE_ONLY, sizeof(float) * global);
        const cl::EnqueueArgs args(queue, cl::NDRange(global), cl::NDRange(local));
        hoc::Timing timing;
        timing.kernel_s =
            fastest(repeats, [&] { return fma(args, d_out, static_cast<int>(iterations), kA, kB); });
        std::vector<float> output(global);
        cl::copy(queue, d_out, output.begin(), output.end());

        // The host repeats the chains of 256 work-items spread over the range (first and last
        // included): the same correctly rounded fma's in the same order, so the same bits.
        const std::size_t samples = std::min<std::size_t>(256, global);
        std::vector<float> expected(samples), got(samples);
        for (std::size_t s = 0; s < samples; ++s) {
            const std::size_t id = samples == 1 ? 0 : s * (global - 1) / (samples - 1);
            expected[s] = fmaChains(static_cast<int>(id), static_cast<int>(iterations));
            got[s] = output[id];
        }
        const double flops = 2.0 * kChains * static_cast<double>(iterations) * static_cast<double>(global);
        report.flops("fused multiply-add (peak FP32)",
                     count(global) + " work-items x " + count(kChains) + " chains x " +
                         std::to_string(iterations) + " steps",
                     hoc::compare(expected, got), timing, flops,
                     {{"bytes", static_cast<double>(sizeof(float) * global)}});
    }
    return cli.finish(report);  // --json; exit status 0 when every result is correct, else 1
} catch (...) {
    return hoc::exitCode(std::current_exception());  // the error by name; exit status 2 or 3
}
