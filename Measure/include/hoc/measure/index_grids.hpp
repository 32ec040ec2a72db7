// The ids a 2D range's work-items recorded, checked and printed (Exercise 13): what get_global_id,
// get_local_id and get_group_id should give at each position of the range, the check of the recorded
// planes against them, and the planes printed side by side; and for its part 2, over a 3D range, the
// serial reference of a smoothing step and the table of its work-group shapes' times.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/report.hpp"

namespace hoc {

// What the work-items of a width x height range in groupX x groupY work-groups recorded: six planes,
// each row-major with one row per y, in the order get_global_id(0), get_global_id(1),
// get_local_id(0), get_local_id(1), get_group_id(0), get_group_id(1).
struct IdPlanes {
    std::size_t width = 0, height = 0, groupX = 1, groupY = 1;
    std::array<const std::vector<int>*, 6> planes{};
};

// Refuses (hoc::UsageError, exit status 2) a range whose six planes of ints the device or the host
// cannot hold (on the host: the planes, their copies in the result and, where the device's memory
// is the host's, the buffer).
void requireIdPlanes(const cl::Device& device, std::size_t width, std::size_t height);

// Every id against its expected value; the message names the first wrong one.
CheckResult checkIds(const IdPlanes& ids);

// The planes printed (printIds), checked (checkIds) and reported as one result named `name` ("ids in
// work-groups of 4x4") at `size` ("range 8x8").
void reportIds(Report& report, const IdPlanes& ids, const std::string& name, const std::string& size);

// The launch's line and, for ranges up to 32x32, the six planes in pairs (dimension 0 on the left,
// dimension 1 on the right; rows are y).
void printIds(const IdPlanes& ids);

// The serial reference of a smoothing step over a grid of nx x ny x nz cells stored x fastest (as C
// stores float grid[nz][ny][nx]): the faces copied, each inner cell w times the sum of itself and its
// six neighbours, added in the order x - 1, x + 1, y - 1, y + 1, z - 1, z + 1.
std::vector<float> referenceSmooth(const std::vector<float>& in, std::size_t nx, std::size_t ny, std::size_t nz,
                                   float w);

// The step's time and GB/s for each work-group shape (rows: the shape's text and seconds), each cell
// read and written once: `bytes` a step over the grid `gridText`.
void printShapeTimes(const std::string& gridText, double bytes,
                     const std::vector<std::pair<std::string, double>>& rows);

}  // namespace hoc
