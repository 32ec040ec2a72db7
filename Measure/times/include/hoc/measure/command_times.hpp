// A command's four profiling timestamps read from its event: Exercise 11's lesson, so a library of its
// own ("measure_times" in course.json, hoc::measure_times) that the rooms after it link (14, 15, 19, 25)
// and Exercise 11, whose student writes it, neither links nor finds.
#pragma once

#include <string>

#include "hoc/common/opencl.hpp"
#include "hoc/measure/timeline.hpp"

namespace hoc {

// Waits for `event` and reads its four timestamps (its queue must profile).
CommandTimes commandTimes(const std::string& name, const cl::Event& event);

}  // namespace hoc
