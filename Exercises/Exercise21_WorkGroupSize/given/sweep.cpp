// Exercise 21's measurements: the host code of Exercises 10, 16 and 17 at each work-group size.
#include "sweep.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

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

std::string unitOf(SweptKernel kernel) { return kernel == SweptKernel::Pi ? "G steps/s" : "GB/s"; }

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

SweepColumn sweepPi(const cl::Device& device, const SweepOptions& o)
{
    SweepColumn column{SweptKernel::Pi, 0, {}};
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

SweepColumn sweepReduce(const cl::Device& device, const SweepOptions& o)
{
    SweepColumn column{SweptKernel::Reduce, 0, {}};
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

SweepColumn sweepTranspose(const cl::Device& device, const SweepOptions& o)
{
    SweepColumn column{SweptKernel::Transpose, 0, {}};
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

SweepColumn sweep(const cl::Device& device, SweptKernel kernel, const SweepOptions& options)
{
    switch (kernel) {
    case SweptKernel::Pi: return sweepPi(device, options);
    case SweptKernel::Reduce: return sweepReduce(device, options);
    case SweptKernel::Transpose: return sweepTranspose(device, options);
    }
    throw hoc::Failure("unknown kernel");
}

namespace {

std::string rate(double value)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3) << value;
    return s.str();
}

}  // namespace

void printTable(std::ostream& out, const std::vector<SweepColumn>& columns)
{
    std::vector<std::size_t> sizes;
    for (const SweepColumn& c : columns)
        for (const SweepCell& cell : c.cells)
            sizes.push_back(cell.size);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    out << "\n" << std::setw(10) << "work-group";
    for (const SweepColumn& c : columns)
        out << std::setw(20) << titleOf(c.kernel) << std::setw(8) << "";
    out << "\n" << std::setw(10) << "size";
    for (const SweepColumn& c : columns)
        out << std::setw(20) << unitOf(c.kernel) << std::setw(8) << "best";
    out << "\n";
    for (const std::size_t size : sizes) {
        out << std::setw(10) << size;
        for (const SweepColumn& c : columns) {
            const auto cell = std::find_if(c.cells.begin(), c.cells.end(), [&](auto& x) { return x.size == size; });
            double best = 0;
            for (const SweepCell& x : c.cells)
                best = std::max(best, x.rate);
            if (cell == c.cells.end())
                out << std::setw(20) << "-" << std::setw(8) << "";
            else
                out << std::setw(20) << (cell->correct ? rate(cell->rate) : "WRONG") << std::setw(7)
                    << static_cast<int>(best > 0 ? 100.0 * cell->rate / best + 0.5 : 0) << "%";
        }
        out << "\n";
    }
    out << "\n";
}

void reportColumns(hoc::Report& report, const std::vector<SweepColumn>& columns)
{
    for (const SweepColumn& c : columns) {
        const auto wrong = std::find_if(c.cells.begin(), c.cells.end(), [](auto& x) { return !x.correct; });
        const auto best = std::max_element(c.cells.begin(), c.cells.end(),
                                           [](auto& x, auto& y) { return x.rate < y.rate; });
        const std::string all = wrong == c.cells.end()
                                    ? "correct at all " + std::to_string(c.cells.size()) + " sizes"
                                    : "WRONG at work-group size " + wrong->shape + ": " + wrong->detail;
        const std::pair<const char*, const SweepCell*> rows[] = {{", work-groups of 1", &c.cells.front()},
                                                                 {", fastest work-group", &*best}};
        for (const auto& [title, cell] : rows) {
            hoc::Result r;
            r.name = titleOf(c.kernel) + title;
            r.correct = wrong == c.cells.end();
            r.detail = all + "; work-group " + cell->shape;
            r.seconds = cell->seconds;
            r.rate = c.kernel == SweptKernel::Pi ? cell->rate * 1e9 : cell->rate;
            r.unit = c.kernel == SweptKernel::Pi ? "steps/s" : "GB/s";
            if (c.kernel != SweptKernel::Pi)
                r.extra.emplace_back("bytes", cell->rate * 1e9 * cell->seconds);
            r.extra.emplace_back("work_group_size", static_cast<double>(cell->size));
            report.add(r);
        }
    }
}
