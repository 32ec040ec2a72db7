// Exercise 15: which devices the program (main.cpp) splits over, and the table of their shares, so
// that main.cpp reads as the run.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hoc/matmul/dims.hpp"
#include "multi_device.hpp"

// The devices of --split: "subdevices" (`device` in `parts`, with a note when it cannot be divided
// so), "platform" (every device of its platform), "all" (every device), "one" (`device` alone).
// Prints "Splitting over N devices".
std::vector<cl::Device> chooseDevices(const cl::Device& device, const std::string& split, std::size_t parts);

// One line per device: its rows of C, share, speed, kernel and busy time, and what it is.
void printShares(const SplitResult& r, const std::vector<cl::Device>& devices, const hoc::matmul::Dims& d);
