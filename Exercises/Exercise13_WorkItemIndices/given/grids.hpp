// Exercise 13: the ids each work-item should have recorded, the check of the grids against them, and
// the grids printed side by side, so that main.cpp reads as the run.
#pragma once

#include <string>

#include "hoc/common/check.hpp"
#include "indices.hpp"

// Refuses (hoc::UsageError, exit status 2) a range whose six planes of ints the device or the host
// cannot hold.
void requireMemory(const cl::Device& device, Shape range);

// Every id against its expected value; the message names the first wrong one.
hoc::CheckResult checkIds(const IndexGrids& r);

// The launch's line and, for ranges up to 32x32, the six grids in pairs (dimension 0 on the left,
// dimension 1 on the right; rows are y).
void printGrids(const IndexGrids& r, Shape range, Shape group);
