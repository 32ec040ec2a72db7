// Exercise 21: does the work-group size matter? The same kernels (pi's tree design, the two-pass
// reduction, the naive transpose) at every work-group size from 1 to the largest on the device.
#pragma once

#include "hoc/measure/sweep.hpp"  // and <cstddef>, <vector>

// THE EXERCISE (sizes.cpp): the work-group sizes to try for a kernel whose largest allowed
// work-group on the device is `limit` (at least 1): every power of two from 1 up to `limit`, in
// increasing order, and `limit` itself when it is no power of two.
std::vector<std::size_t> workGroupSizes(std::size_t limit);

// `kernel` run by its exercise's host code at every size of workGroupSizes(limit), each result
// checked (sweep.cpp): one column of the table.
hoc::SweepColumn sweep(const cl::Device& device, hoc::SweptKernel kernel, const hoc::SweepOptions& options);
