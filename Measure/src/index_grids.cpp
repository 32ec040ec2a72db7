#include "hoc/measure/index_grids.hpp"

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <string>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

namespace {

const char* const kNames[6] = {"get_global_id(0)", "get_global_id(1)", "get_local_id(0)",
                               "get_local_id(1)",  "get_group_id(0)",  "get_group_id(1)"};

// The id plane p should hold at column x, row y.
int expected(std::size_t p, std::size_t x, std::size_t y, const IdPlanes& ids)
{
    const std::size_t at = p % 2 == 0 ? x : y, group = p % 2 == 0 ? ids.groupX : ids.groupY;
    return static_cast<int>(p < 2 ? at : p < 4 ? at % group : at / group);
}

// Two planes side by side: dimension 0 on the left, dimension 1 on the right; rows are y.
void printPair(const IdPlanes& ids, std::size_t left)
{
    const int cell = ids.width > 10 || ids.height > 10 ? 3 : 2;
    const int columns = static_cast<int>(ids.width) * (cell + 1);
    auto row = [&](std::size_t p, std::size_t y) {
        for (std::size_t x = 0; x < ids.width; ++x)
            std::printf(" %*d", cell, (*ids.planes[p])[y * ids.width + x]);
    };
    std::printf("  %-*s    %s\n", columns - 1, kNames[left], kNames[left + 1]);
    for (std::size_t y = 0; y < ids.height; ++y) {
        std::printf(" ");
        row(left, y);
        std::printf("    ");
        row(left + 1, y);
        std::printf("\n");
    }
}

}  // namespace

void requireIdPlanes(const cl::Device& device, std::size_t width, std::size_t height)
{
    const std::string range = "--range " + std::to_string(width) + "x" + std::to_string(height);
    const double planes = 6.0 * sizeof(int) * static_cast<double>(width) * static_cast<double>(height);
    requireBuffers(device, planes, 1, range);
    requireHostMemory(hostBytes(device, 2 * planes, planes), range);
}

CheckResult checkIds(const IdPlanes& ids)
{
    CheckResult c;
    std::string first;
    for (std::size_t p = 0; p < 6; ++p)
        for (std::size_t y = 0; y < ids.height; ++y)
            for (std::size_t x = 0; x < ids.width; ++x) {
                const int want = expected(p, x, y, ids), got = ids.planes[p]->at(y * ids.width + x);
                ++c.count;
                if (got != want && c.wrong++ == 0)
                    first = std::string(kNames[p]) + " at x = " + std::to_string(x) + ", y = " + std::to_string(y) +
                            ": expected " + std::to_string(want) + ", got " + std::to_string(got);
            }
    c.ok = c.wrong == 0;
    if (!c.ok)
        c.problem = std::to_string(c.wrong) + " of " + std::to_string(c.count) + " ids wrong; first " + first;
    return c;
}

void printIds(const IdPlanes& ids)
{
    std::printf("\nwork-groups of %zux%zu on a range of %zux%zu: %zux%zu work-groups "
                "(columns: dimension 0, rows: dimension 1)\n",
                ids.groupX, ids.groupY, ids.width, ids.height, ids.width / ids.groupX, ids.height / ids.groupY);
    if (ids.width <= 32 && ids.height <= 32)
        for (std::size_t p = 0; p < 6; p += 2)
            printPair(ids, p);
    else
        std::printf("  (grids are printed for ranges up to 32x32)\n");
}

void reportIds(Report& report, const IdPlanes& ids, const std::string& name, const std::string& size)
{
    printIds(ids);
    const CheckResult c = checkIds(ids);
    report.add(
        {name, size, c.ok, c.ok ? "all " + std::to_string(c.count) + " ids correct" : c.message(), 0, 0, "", {}});
}

std::vector<float> referenceSmooth(const std::vector<float>& in, std::size_t nx, std::size_t ny, std::size_t nz,
                                   float w)
{
    // A neighbour's distance in the flat array: 1 in x, a row in y, a plane in z.
    const std::size_t strides[3] = {1, nx, nx * ny};
    std::vector<float> out = in;  // the faces keep their values
    for (std::size_t z = 1; z + 1 < nz; ++z)
        for (std::size_t y = 1; y + 1 < ny; ++y)
            for (std::size_t x = 1; x + 1 < nx; ++x) {
                const std::size_t cell = (z * ny + y) * nx + x;
                float total = in[cell];
                for (const std::size_t d : strides) {
                    total += in[cell - d];
                    total += in[cell + d];
                }
                out[cell] = w * total;
            }
    return out;
}

void printShapeTimes(const std::string& gridText, double bytes, const std::vector<std::pair<std::string, double>>& rows)
{
    std::cout << "grid " << gridText << ", each cell read and written once: " << fixedText(bytes / 1e6, 1)
              << " MB per step\n"
              << std::left << std::setw(12) << "work-group" << std::right << std::setw(14) << "time" << std::setw(10)
              << "GB/s" << "\n";
    for (const auto& [shape, seconds] : rows)
        std::cout << std::left << std::setw(12) << shape << std::right << std::setw(14) << formatTime(seconds)
                  << std::setw(10) << fixedText(gbps(bytes, seconds), 2) << "\n";
}

}  // namespace hoc
