#include "hoc/measure/roofs.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <string>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/report.hpp"
#include "hoc/measure/bandwidth.hpp"

// Where roofline_fma.cl is found by every program that links Common (exercises too): Kernels/.
#ifndef HOC_MEASURE_KERNEL_DIRS
#define HOC_MEASURE_KERNEL_DIRS ""
#endif

namespace hoc {
namespace {

constexpr float kA = 0.999f;  // x = fma(x, kA, kB): converges to kB / (1 - kA) = 1
constexpr float kB = 0.001f;

// What roofline_fma.cl computes for work-item `id` in the shape `shape`, in the same order:
// vector v, lane j starts at start + j / 8 + v; the vectors' upper halves are added onto their
// lower halves until one is left, then its lanes the same way.
float fmaChains(const FmaShape& shape, int id, int iterations)
{
    const float start = static_cast<float>(id & 1023) * 0x1.0p-10f;
    std::vector<std::vector<float>> x(shape.vectors, std::vector<float>(shape.width));
    for (int v = 0; v < shape.vectors; ++v)
        for (int j = 0; j < shape.width; ++j)
            x[v][j] = (start + static_cast<float>(j) * 0.125f) + static_cast<float>(v);
    for (int i = 0; i < iterations; ++i)
        for (auto& vector : x)
            for (float& lane : vector)
                lane = std::fma(lane, kA, kB);
    for (int half = shape.vectors / 2; half > 0; half /= 2)
        for (int v = 0; v < half; ++v)
            for (int j = 0; j < shape.width; ++j)
                x[v][j] += x[v + half][j];
    std::vector<float> s = x[0];
    for (int half = shape.width / 2; half > 0; half /= 2)
        for (int j = 0; j < half; ++j)
            s[j] += s[j + half];
    return s[0];
}

// Vectors of 8 floats, 4 or 8 of them per work-item; of 16 floats only where the device's native
// vectors hold 16 (AVX-512): elsewhere a float16 passed to fma() makes a CPU compiler warn that it
// changes the calling convention, and 8 floats already fill the registers.
std::vector<FmaShape> shapesFor(const cl::Device& device)
{
    std::vector<FmaShape> shapes = {{8, 4}, {8, 8}};
    if (device.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT>() >= 16)
        shapes.insert(shapes.end(), {{16, 4}, {16, 8}});
    return shapes;
}

}  // namespace

std::string FmaShape::text() const { return "float" + std::to_string(width) + " x " + std::to_string(vectors); }

FmaBenchmark::FmaBenchmark(const cl::Device& device) : FmaBenchmark(device, shapesFor(device)) {}

FmaBenchmark::FmaBenchmark(const cl::Device& device, const std::vector<FmaShape>& shapes)
    : device_(device), context_(device), queue_(context_, device, CL_QUEUE_PROFILING_ENABLE)
{
    if (shapes.empty())
        throw Failure("the FMA probe needs at least one shape");
    const std::string file = "roofline_fma.cl";
    const std::string source = readKernelFile(file, HOC_MEASURE_KERNEL_DIRS);
    for (const FmaShape& shape : shapes) {
        const std::string options = "-D VW=" + std::to_string(shape.width) +
                                    " -D VECTORS=" + std::to_string(shape.vectors);
        kernels_.push_back({shape, cl::Kernel(buildSource(context_, device_, source, file, options), "fma_peak")});
    }
}

std::vector<FmaShape> FmaBenchmark::shapes() const
{
    std::vector<FmaShape> all;
    for (const auto& [shape, kernel] : kernels_)
        all.push_back(shape);
    return all;
}

FmaRuns FmaBenchmark::runs(std::size_t workItems, int iterations, const Repeats& repeats)
{
    const auto rate = [](const FmaRuns& r) { return r.flops / *std::min_element(r.seconds.begin(), r.seconds.end()); };
    std::vector<FmaRuns> all;
    std::vector<std::pair<std::string, double>> tried;
    for (auto& [shape, kernel] : kernels_) {
        all.push_back(runShape(shape, kernel, workItems, iterations, repeats));
        tried.push_back({shape.text(), all.back().check.ok ? rate(all.back()) * 1e-9 : 0.0});
    }
    // The fastest shape that computed right (the first shape when none did); any shape that
    // computed wrongly makes the whole probe's check fail.
    std::size_t best = 0;
    for (std::size_t k = 1; k < all.size(); ++k)
        if (all[k].check.ok && (!all[best].check.ok || rate(all[k]) > rate(all[best])))
            best = k;
    FmaRuns result = all[best];
    result.tried = std::move(tried);
    for (const FmaRuns& r : all)
        if (!r.check.ok) {
            result.check = r.check;
            break;
        }
    return result;
}

FmaRuns FmaBenchmark::runShape(const FmaShape& shape, cl::Kernel& kernel, std::size_t workItems, int iterations,
                               const Repeats& repeats)
{
    cl::KernelFunctor<cl::Buffer, int, float, float> fma(kernel);
    const std::size_t local = localSize(kernel, device_, 256);
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
        expected[s] = fmaChains(shape, static_cast<int>(id), iterations);
        got[s] = output[id];
    }
    result.check = compare(expected, got);
    result.shape = shape;
    result.chains = shape.width * shape.vectors;
    result.flops = 2.0 * result.chains * static_cast<double>(iterations) * static_cast<double>(global);
    result.workItems = global;
    result.iterations = iterations;
    return result;
}

namespace {

// Three significant digits or more: 0.0123, 1.23, 12.3, 1234.
std::string roofText(double value) { return fixedText(value, value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 4); }

}  // namespace

DeviceRoofs measureRoofs(const cl::Device& device, DeviceRoofs given, std::size_t readFloats, const Repeats& repeats,
                         std::ostream& out)
{
    requireBuffers(device, sizeof(float) * static_cast<double>(readFloats), 1, "the bandwidth roof");
    DeviceRoofs roofs = given;
    if (roofs.gbps <= 0) {
        ReadBenchmark read(device);
        const ReadRuns runs = read.runs(readFloats, repeats);
        if (!runs.check.ok || runs.seconds.empty())
            throw Failure("the read kernel used as the bandwidth roof summed wrongly on this device");
        roofs.gbps = gbps(runs.bytes, *std::min_element(runs.seconds.begin(), runs.seconds.end()));
    }
    if (roofs.gflops <= 0) {
        FmaBenchmark fma(device);
        const FmaRuns runs = fma.runs(0, 1024, repeats);
        if (!runs.check.ok)
            throw Failure("the FMA kernel used as the compute roof computed wrongly on this device");
        roofs.gflops = runs.flops / *std::min_element(runs.seconds.begin(), runs.seconds.end()) * 1e-9;
    }
    out << "Roofs: bandwidth " << roofText(roofs.gbps) << " GB/s" << (given.gbps > 0 ? " (given)" : " (read kernel)")
        << ", peak " << roofText(roofs.gflops) << " GFLOP/s" << (given.gflops > 0 ? " (given)" : " (FMA kernel)")
        << "; ridge point " << fixedText(roofs.ridge(), 2) << " FLOP/byte\n";
    return roofs;
}

double predictedGflops(double intensity, const DeviceRoofs& roofs)
{
    return std::min(roofs.gflops, intensity * roofs.gbps);
}

namespace {

// Three significant digits or more: 0.0123, 1.23, 12.3, 1234.
std::string rate(double value) { return fixedText(value, value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 4); }

}  // namespace

RooflineTable::RooflineTable(Report& report, const DeviceRoofs& roofs, std::string size)
    : report_(report), roofs_(roofs), size_(std::move(size))
{
}

void RooflineTable::measure(const std::string& label, double flopsPerItem, double bytesPerItem, double workItems,
                            const std::function<RooflineRun()>& run, const Repeats& repeats)
{
    const double flops = flopsPerItem * workItems, bytes = bytesPerItem * workItems;
    const double intensity = flops / bytes;
    const double predicted = predictedGflops(intensity, roofs_);

    std::vector<double> times;
    CheckResult check;
    check.ok = true;
    for (int i = 0; i < repeats.warmups + repeats.runs; ++i) {
        const RooflineRun r = run();
        if (check.ok)
            check = r.check;  // the first wrong run's message, else the last run's
        if (i >= repeats.warmups)
            times.push_back(r.seconds);
    }
    Timing timing;
    timing.kernel_s = median(times);
    const double measured = flops / timing.kernel_s * 1e-9;
    report_.flops(label, size_, check, timing, flops,
                  {{"bytes", bytes},
                   {"intensity", intensity},
                   {"predicted_mflops", predicted * 1e3},
                   {"fraction_of_prediction", measured / predicted}});
    rows_ << std::left << std::setw(50) << label << std::right << std::setw(12) << fixedText(flopsPerItem, 0)
          << std::setw(13) << fixedText(bytesPerItem, 0) << std::setw(11) << fixedText(intensity, 3) << std::setw(12)
          << rate(predicted) << std::setw(12) << rate(measured) << std::setw(10)
          << fixedText(100.0 * measured / predicted, 0) << "%" << (check.ok ? "" : "  WRONG") << "\n";
}

void RooflineTable::print(std::ostream& out) const
{
    out << "\n"
        << std::left << std::setw(50) << "kernel" << std::right << std::setw(12) << "FLOP/item" << std::setw(13)
        << "bytes/item" << std::setw(11) << "FLOP/byte" << std::setw(12) << "predicted" << std::setw(12) << "measured"
        << std::setw(11) << "of pred." << "\n"
        << rows_.str();
    out << "\nRates in GFLOP/s; predicted = min(peak, FLOP/byte x bandwidth): memory-bound left of the ridge\n"
           "point, compute-bound right of it. Above 100%: caches served again what your count sends to global\n"
           "memory each time.\n";
}

}  // namespace hoc
