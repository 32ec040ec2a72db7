#include "hoc/measure/sweep.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <utility>

#include "hoc/common/check.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/float_sum.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/reference.hpp"

namespace hoc {

namespace {

std::string sweepRateText(double value)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3) << value;
    return s.str();
}

// A 2D work-group of `size` work-items for the transpose, as square as powers of two allow (x >= y),
// within the device's largest sides.
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

SweepCell cell(std::size_t size, const std::string& shape, const CheckResult& check, double amount, double seconds)
{
    return {size, shape, check.ok, seconds > 0 ? amount / seconds * 1e-9 : 0, seconds, check.message()};
}

// The inputs of a sweep over `bytes` of floats: refused where the device cannot hold two buffers of
// them or the host the data, its reference and the result read back (with the two buffers where the
// device's memory is the host's).
void requireSweep(const cl::Device& device, double bytes, const std::string& what)
{
    requireBuffers(device, bytes, 2, what);
    requireHostMemory(hostBytes(device, 3 * bytes, 2 * bytes), what);
}

}  // namespace

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

SweepColumn sweepPi(std::uint64_t steps, double expected, double tolerance, const Repeats& repeats,
                    const SizesToTry& sizes, const std::function<SweptValue(std::size_t, const Repeats&)>& run)
{
    SweepColumn column{titleOf(SweptKernel::Pi), "G steps/s", run(1, {0, 1}).maxWorkGroupSize, {}};
    for (const std::size_t size : sizes(column.limit)) {
        const SweptValue r = run(size, repeats);
        column.cells.push_back(cell(size, std::to_string(size), compareValue(expected, r.value, tolerance),
                                    static_cast<double>(steps), r.seconds));
    }
    return column;
}

SweepColumn sweepSum(const cl::Device& device, const SweepOptions& o, const SizesToTry& sizes,
                     const std::function<SweptSum(const std::vector<float>&, std::size_t, const Repeats&)>& run)
{
    const double bytes = sizeof(float) * static_cast<double>(o.reduceSize);
    requireSweep(device, bytes, "the reduction of " + std::to_string(o.reduceSize) + " floats");
    const std::vector<float> data = randomFloats(o.reduceSize, 21, -1.0f, 1.0f);
    const SumReference expected = sumReference(data);
    SweepColumn column{titleOf(SweptKernel::Reduce), "GB/s", run(data, 1, {0, 1}).maxWorkGroupSize, {}};
    for (const std::size_t size : sizes(column.limit)) {
        const SweptSum r = run(data, size, o.repeats);
        column.cells.push_back(
            cell(size, std::to_string(size), checkSum(expected, r.sum, r.additions), bytes, r.seconds));
    }
    return column;
}

SweepColumn sweepTranspose(const cl::Device& device, const SweepOptions& o, const std::function<std::size_t()>& limit,
                           const SizesToTry& sizes,
                           const std::function<SweptMatrix(const std::vector<float>&, std::size_t, std::size_t)>& run)
{
    const double bytes = sizeof(float) * static_cast<double>(o.rows) * static_cast<double>(o.cols);
    requireSweep(device, bytes, "the transpose of " + std::to_string(o.rows) + " x " + std::to_string(o.cols));
    const std::vector<float> in = randomFloats(o.rows * o.cols, 17, -1.0f, 1.0f);
    const std::vector<float> expected = ref::transpose(in, o.rows, o.cols);
    const auto sides = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    SweepColumn column{titleOf(SweptKernel::Transpose),
                       "GB/s",
                       std::min<std::size_t>(limit(), static_cast<std::size_t>(sides[0]) * sides[1]),
                       {}};
    for (const std::size_t size : sizes(column.limit)) {
        const auto [x, y] = square(size, sides);
        const SweptMatrix r = run(in, x, y);
        column.cells.push_back(cell(size, std::to_string(r.localX) + " x " + std::to_string(r.localY),
                                    compare(expected, r.out), 2 * bytes, r.seconds));
    }
    return column;
}

void printSweepTable(std::ostream& out, const std::vector<SweepColumn>& columns)
{
    std::vector<std::size_t> sizes;
    for (const SweepColumn& c : columns)
        for (const SweepCell& cell : c.cells)
            sizes.push_back(cell.size);
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    out << "\n" << std::setw(10) << "work-group";
    for (const SweepColumn& c : columns)
        out << std::setw(20) << c.title << std::setw(8) << "";
    out << "\n" << std::setw(10) << "size";
    for (const SweepColumn& c : columns)
        out << std::setw(20) << c.unit << std::setw(8) << "best";
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
                out << std::setw(20) << (cell->correct ? sweepRateText(cell->rate) : "WRONG") << std::setw(7)
                    << static_cast<int>(best > 0 ? 100.0 * cell->rate / best + 0.5 : 0) << "%";
        }
        out << "\n";
    }
    out << "\n";
}

void reportSweep(Report& report, const std::vector<SweepColumn>& columns)
{
    for (const SweepColumn& c : columns) {
        if (c.cells.empty())
            continue;
        const bool bandwidth = c.unit == "GB/s";
        const bool giga = !bandwidth && c.unit.rfind("G ", 0) == 0;
        const auto wrong = std::find_if(c.cells.begin(), c.cells.end(), [](auto& x) { return !x.correct; });
        const auto best = std::max_element(c.cells.begin(), c.cells.end(),
                                           [](auto& x, auto& y) { return x.rate < y.rate; });
        const std::string all = wrong == c.cells.end()
                                    ? "correct at all " + std::to_string(c.cells.size()) + " sizes"
                                    : "WRONG at work-group size " + wrong->shape + ": " + wrong->detail;
        const std::pair<const char*, const SweepCell*> rows[] = {{", work-groups of 1", &c.cells.front()},
                                                                 {", fastest work-group", &*best}};
        for (const auto& [title, cell] : rows) {
            Result r;
            r.name = c.title + title;
            r.correct = wrong == c.cells.end();
            r.detail = all + "; work-group " + cell->shape;
            r.seconds = cell->seconds;
            r.rate = giga ? cell->rate * 1e9 : cell->rate;
            r.unit = giga ? c.unit.substr(2) : c.unit;
            if (bandwidth)
                r.extra.emplace_back("bytes", cell->rate * 1e9 * cell->seconds);
            r.extra.emplace_back("work_group_size", static_cast<double>(cell->size));
            report.add(r);
        }
    }
}

}  // namespace hoc
