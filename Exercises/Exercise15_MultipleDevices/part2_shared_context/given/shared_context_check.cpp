// Exercise 15, part 2: the serial reference and what checks a run. Not the lesson: the lesson is
// shared_context.cpp.
#include <climits>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "shared_context.hpp"

ChainReference chainReference(const std::vector<float>& x)
{
    const std::size_t n = x.size();
    ChainReference r;
    r.y.resize(n);
    r.z.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        r.y[i] = x[i] * x[i];
    for (std::size_t i = 0; i < n; ++i)
        r.z[i] = r.y[i] + r.y[i + 1 < n ? i + 1 : 0];
    return r;
}

bool sameClock(const DevicePair& pair) { return pair.devices[0]() == pair.devices[1](); }

namespace {

bool waiting(cl_int status) { return status == CL_QUEUED || status == CL_SUBMITTED; }

}  // namespace

std::string orderProblem(const DevicePair& pair, const ChainResult& r)
{
    const std::string todo = " (the TODO in squareThenSum: give neighbour_sum a wait list that holds square's event)";
    if (r.square_device() != pair.devices[0]() || r.sum_device() != pair.devices[1]())
        return "the kernels did not run on their devices (square on device 0's queue, neighbour_sum on device 1's)";
    if (r.held) {
        if (!waiting(r.square_held))
            return "square was " + hoc::eventStatusName(r.square_held) +
                   " during the hold: the user event did not hold it back";
        if (!waiting(r.sum_held))
            return "neighbour_sum was " + hoc::eventStatusName(r.sum_held) +
                   " at the end of the hold, while square, which writes its input Y, was still held back: it "
                   "did not wait for square's event" +
                   todo;
    }
    // On one device both kernels' timestamps come from the same clock, and can be compared.
    if (sameClock(pair) && r.sum.start < r.square.end)
        return "neighbour_sum started " + std::to_string(static_cast<double>(r.square.end - r.sum.start) * 1e-3) +
               " us before square ended (one device, one clock)" + todo;
    return "";
}

void requireChainMemory(const DevicePair& pair, std::size_t n)
{
    if (n > static_cast<std::size_t>(INT_MAX))
        throw hoc::UsageError("N = " + std::to_string(n) + " is more than the kernels count (" +
                              std::to_string(INT_MAX) + " elements)");
    for (const auto& device : pair.devices)
        hoc::requireBuffers(device, sizeof(float) * static_cast<double>(n), 3,
                            "X, Y and Z of N = " + std::to_string(n) + " on " + hoc::deviceLabel(device));
}
