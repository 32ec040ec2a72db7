// Exercise 11: how the program (main.cpp) reads a profiled run: the time its rate is computed from,
// and the printed timeline with its checks.
#pragma once

#include <string>

#include "hoc/common/report.hpp"
#include "profiling.hpp"

// The last kernel run's time by its event: what the rate is computed from (earlier runs may
// include one-off costs such as compiling the kernel for this work-group size).
hoc::Timing timing(const ProfileResult& r);

// Prints the timeline, checks its order, and sets each kernel's event time against the host timer.
void show(const std::string& what, const ProfileResult& r, hoc::Report& report);
