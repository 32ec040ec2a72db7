#include "hoc/roofs.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

#include "hoc/device.hpp"
#include "hoc/program.hpp"

// Where roofline_fma.cl is found by every program that links Common (exercises too): Kernels/.
#ifndef HOC_MEASURE_KERNEL_DIRS
#define HOC_MEASURE_KERNEL_DIRS ""
#endif

namespace hoc {
namespace {

constexpr int kVectors = 4;  // float8 vectors per work-item in roofline_fma.cl
constexpr int kChains = 8 * kVectors;
constexpr float kA = 0.999f;  // x = fma(x, kA, kB): converges to kB / (1 - kA) = 1
constexpr float kB = 0.001f;

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

}  // namespace

FmaBenchmark::FmaBenchmark(const cl::Device& device)
    : device_(device), context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
    const std::string file = "roofline_fma.cl";
    const cl::Program program =
        buildSource(context_, device_, readKernelFile(file, HOC_MEASURE_KERNEL_DIRS), file, "");
    kernel_ = cl::Kernel(program, "fma_peak");
}

FmaRuns FmaBenchmark::runs(std::size_t workItems, int iterations, const Repeats& repeats)
{
    cl::KernelFunctor<cl::Buffer, int, float, float> fma(kernel_);
    const std::size_t local = localSize(kernel_, device_, 256);
    const std::size_t units = device_.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::size_t wanted = workItems > 0 ? workItems : 2048 * units;
    // Every work-item does the same work, so whole work-groups are simply more work-items.
    const std::size_t global = std::min(roundUp(wanted, local), std::size_t{INT_MAX} / local * local);
    cl::Buffer out(context_, CL_MEM_WRITE_ONLY, sizeof(float) * global);
    const cl::EnqueueArgs args(queue_, cl::NDRange(global), cl::NDRange(local));

    FmaRuns result;
    result.seconds = runSeconds(repeats, [&] {
        cl::Event done = fma(args, out, iterations, kA, kB);
        return EventSpan{done, done};
    });
    std::vector<float> output(global);
    cl::copy(queue_, out, output.begin(), output.end());

    // The host repeats the chains of 256 work-items spread over the range (first and last
    // included): the same correctly rounded fma's in the same order, so the same bits.
    const std::size_t samples = std::min<std::size_t>(256, global);
    std::vector<float> expected(samples), got(samples);
    for (std::size_t s = 0; s < samples; ++s) {
        const std::size_t id = samples == 1 ? 0 : s * (global - 1) / (samples - 1);
        expected[s] = fmaChains(static_cast<int>(id), iterations);
        got[s] = output[id];
    }
    result.check = compare(expected, got);
    result.flops = 2.0 * kChains * static_cast<double>(iterations) * static_cast<double>(global);
    result.workItems = global;
    result.chains = kChains;
    result.iterations = iterations;
    return result;
}

}  // namespace hoc
