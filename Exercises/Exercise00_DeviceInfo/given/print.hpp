// Exercise 0: how the program (main.cpp) prints a device's facts and decides that they were all read.
#pragma once

#include <cstddef>

#include "device_info.hpp"

// The facts as "Device 0: NAME" and one indented line each.
void print(const DeviceFacts& d, std::size_t index);

// Whether the queries came back filled in (a device whose queries came back empty is reported as
// wrong): a name, compute units, a work-group size, work-item sizes and global memory.
bool complete(const DeviceFacts& facts);
