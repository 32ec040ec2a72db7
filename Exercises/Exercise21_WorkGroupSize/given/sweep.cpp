// Exercise 21's measurements: the host code of Exercises 10, 16 and 17 at each work-group size.
#include "sweep.hpp"

#include <algorithm>
#include <cmath>

#include "hoc/common/check.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/reference.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/pi/reference.hpp"
#include "pi.hpp"
#include "reduce.hpp"
#include "transpose.hpp"

const std::vector<SweptKernel>& sweptKernels()
{
    static const std::vector<SweptKernel> all = {SweptKernel::Pi, SweptKernel::Reduce, SweptKernel::Transpose};
    return all;
}

std::string keyOf(SweptKernel kernel)
{
    return kernel == SweptKernel::Pi ? "pi" : kernel == SweptKernel::Reduce ? "reduce" : "transpose";
}

std::string titleOf(SweptKernel kernel)
{
    return kernel == SweptKernel::Pi       ? "pi (tree)"
           : kernel == SweptKernel::Reduce ? "reduce (two-pass)"
                                           : "transpose (naive)";
}

namespace {

// A 2D work-group of `size` work-items for the transpose, as square as powers of two allow
// (x >= y), within the device's largest sides: 1 x 1, 2 x 1, 2 x 2, 4 x 2, ..., 32 x 32.
std::pair<std::size_t, std::size_t> square(std::size_t size, const std::vector<cl::size_type>& sides)
{
    std::size_t y = 1;
    while ((y * 2) * (y * 2) <= size && size % (y * 2) == 0)
        y *= 2;
    std::size_t x = size / y;
    while (x > sides[0] && size % (y * 2) == 0 && y * 2 <= sides[1]) {
        y *= 2;
        x = size / y;
    }
    return {x, y};
}

hoc::SweepColumn sweepPi(const cl::Device& device, const SweepOptions& o)
{
    hoc::SweepColumn column{titleOf(SweptKernel::Pi), "G steps/s", 0, {}};
    const double expected = hoc::pi::reference(o.piSteps);
    PiOptions options;
    options.steps = o.piSteps;
    options.design = PiDesign::Tree;
    options.repeats = o.repeats;
    options.workGroupSize = 1;
    column.limit = pi(device, PiOptions{o.piSteps, PiDesign::Tree, 1, 0, {0, 1}}).maxWorkGroupSize;
    for (const std::size_t size : workGroupSizes(column.limit)) {
        options.workGroupSize = size;
        const PiResult r = pi(device, options);
        const hoc::CheckResult check = hoc::compareValue(expected, r.pi, hoc::pi::kTarget);
        const double seconds = r.timing.kernel_s;
        column.cells.push_back({size, std::to_string(size), check.ok,
                                seconds > 0 ? static_cast<double>(o.piSteps) / seconds * 1e-9 : 0, seconds,
                                check.message()});
    }
    return column;
}

hoc::SweepColumn sweepReduce(const cl::Device& device, const SweepOptions& o)
{
    hoc::SweepColumn column{titleOf(SweptKernel::Reduce), "GB/s", 0, {}};
    const double floats = sizeof(float) * static_cast<double>(o.reduceSize);
    const std::string what = "the reduction of " + std::to_string(o.reduceSize) + " floats";
    hoc::requireBuffers(device, floats, 2, what);
    // On the host: the data, its reference sum's copy and what the reduction reads back, with the two
    // buffers where the device's memory is the host's (Exercise 16's count).
    hoc::requireHostMemory(hoc::hostBytes(device, 3 * floats, 2 * floats), what);
    const std::vector<float> data = hoc::randomFloats(o.reduceSize, 21, -1.0f, 1.0f);
    const hoc::SumReference expected = hoc::sumReference(data);
    Reduction reduction(device);
    column.limit = reduction.sum(data, ReduceKernel::TwoPass, {1, {0, 1}}).maxWorkGroupSize;
    for (const std::size_t size : workGroupSizes(column.limit)) {
        const ReduceResult r = reduction.sum(data, ReduceKernel::TwoPass, {size, o.repeats});
        const hoc::CheckResult check = hoc::checkSum(expected, r.sum, r.additions);
        const double bytes = sizeof(float) * static_cast<double>(o.reduceSize);
        column.cells.push_back(
            {size, std::to_string(size), check.ok, hoc::gbps(bytes, r.seconds), r.seconds, check.message()});
    }
    return column;
}

hoc::SweepColumn sweepTranspose(const cl::Device& device, const SweepOptions& o)
{
    hoc::SweepColumn column{titleOf(SweptKernel::Transpose), "GB/s", 0, {}};
    const double matrix = sizeof(float) * static_cast<double>(o.rows) * static_cast<double>(o.cols);
    const std::string what = "the transpose of " + std::to_string(o.rows) + " x " + std::to_string(o.cols);
    hoc::requireBuffers(device, matrix, 2, what);
    // On the host: the matrix, its transpose as the reference and the result read back, with the two
    // buffers where the device's memory is the host's.
    hoc::requireHostMemory(hoc::hostBytes(device, 3 * matrix, 2 * matrix), what);
    const std::vector<float> in = hoc::randomFloats(o.rows * o.cols, 17, -1.0f, 1.0f);
    const std::vector<float> expected = hoc::ref::transpose(in, o.rows, o.cols);
    const auto sides = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    column.limit = std::min<std::size_t>(Transposer(device).maxWorkGroupSize(TransposeKernel::Naive),
                                         static_cast<std::size_t>(sides[0]) * sides[1]);
    for (const std::size_t size : workGroupSizes(column.limit)) {
        TransposeShape shape;
        std::tie(shape.naiveX, shape.naiveY) = square(size, sides);
        Transposer transposer(device, shape);
        const TransposeResult r = transposer.transpose(in, o.rows, o.cols, TransposeKernel::Naive, o.repeats);
        const hoc::CheckResult check = hoc::compare(expected, r.out);
        const double bytes = 2.0 * sizeof(float) * static_cast<double>(in.size());
        column.cells.push_back({size, std::to_string(r.localX) + " x " + std::to_string(r.localY), check.ok,
                                hoc::gbps(bytes, r.seconds), r.seconds, check.message()});
    }
    return column;
}

}  // namespace

hoc::SweepColumn sweep(const cl::Device& device, SweptKernel kernel, const SweepOptions& options)
{
    switch (kernel) {
    case SweptKernel::Pi: return sweepPi(device, options);
    case SweptKernel::Reduce: return sweepReduce(device, options);
    case SweptKernel::Transpose: return sweepTranspose(device, options);
    }
    throw hoc::Failure("unknown kernel");
}
