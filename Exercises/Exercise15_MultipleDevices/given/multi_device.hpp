// Exercise 15: one matrix multiplication split over several devices, each given a share of the
// rows of C in proportion to its measured speed.
#pragma once

#include <string>
#include <vector>

#include "hoc/matmul/matmul.hpp"
#include "hoc/common/opencl.hpp"

struct DeviceSet {
    std::vector<cl::Device> devices;
    std::string note;  // set when the device could not be partitioned, saying why
};

// `device` split into `parts` sub-devices with equal numbers of compute units (clCreateSubDevices,
// CL_DEVICE_PARTITION_EQUALLY). Where the device cannot be split so, {device} and a note.
DeviceSet subDevices(const cl::Device& device, std::size_t parts);

// What one device did.
struct Share {
    std::string device;         // its name
    std::size_t first_row = 0;  // its rows of C: first_row .. first_row + rows - 1
    std::size_t rows = 0;
    double speed = 0;     // rows of C per second, measured on a few rows before the split
    double kernel_s = 0;  // its kernel's time for its share (profiling event)
    double busy_s = 0;    // from the start of its first write to the end of its read
};

struct SplitResult {
    std::vector<float> c;       // the whole of C = A * B
    std::vector<Share> shares;  // one per device, in the order given
    double wall_s = 0;          // host time for the split run, from the first enqueue to all of C
};

// C = A * B (Kernels/matmul_element.cl) over `devices` (at least one; any platforms).
SplitResult splitMatmul(const std::vector<cl::Device>& devices, const std::vector<float>& a,
                        const std::vector<float>& b, hoc::matmul::Dims d);

// Rows per device in proportion to `speeds` (positive), adding up to exactly m.
std::vector<std::size_t> splitRows(std::size_t m, const std::vector<double>& speeds);
