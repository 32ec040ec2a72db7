// Exercise A: the pi program with vector types in the kernel.
#pragma once

#include <cstdint>

#include "hoc/pi/run.hpp"

// pi by Exercise 10's kernel pi() (width 1) or by pi_vector() as float2, float4, float8 or float16, for
// `steps` steps (at least 1) in work-groups of `workGroupSize` (0: chosen from the kernel's and the
// device's limits), run `repeats` times (the median time is kept); each work-item's steps are a multiple
// of the width.
hoc::pi::Run vectorPi(const cl::Device& device, int width, std::uint64_t steps, std::size_t workGroupSize,
                      const hoc::Repeats& repeats);
