// Exercise 13: which work-item is which - global, local and work-group ids in a 2D range.
#pragma once

#include <cstddef>
#include <vector>

#include "hoc/common/opencl.hpp"

// A work-group shape: work-items along dimension 0 (x) and dimension 1 (y).
struct Shape {
    std::size_t x = 1, y = 1;
};

// What each work-item of a width x height range recorded; each grid is row-major, one row per y.
struct IndexGrids {
    std::size_t width = 0, height = 0;
    Shape group;
    std::vector<int> global_x, global_y;  // get_global_id(0), get_global_id(1)
    std::vector<int> local_x, local_y;    // get_local_id(0), get_local_id(1)
    std::vector<int> group_x, group_y;    // get_group_id(0), get_group_id(1)
};

// Runs the record_ids kernel (Kernels/indices.cl) over a width x height range in work-groups of
// `group`. Throws hoc::UsageError when the shape does not divide the range (OpenCL 1.2 needs whole
// work-groups), hoc::Failure when it exceeds what the device or the kernel allows.
IndexGrids recordIds(const cl::Device& device, std::size_t width, std::size_t height, Shape group);
