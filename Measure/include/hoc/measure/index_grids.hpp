// The ids a 2D range's work-items recorded, checked and printed (Exercise 13): what get_global_id,
// get_local_id and get_group_id should give at each position of the range, the check of the recorded
// planes against them, and the planes printed side by side.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"

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

// The launch's line and, for ranges up to 32x32, the six planes in pairs (dimension 0 on the left,
// dimension 1 on the right; rows are y).
void printIds(const IdPlanes& ids);

}  // namespace hoc
