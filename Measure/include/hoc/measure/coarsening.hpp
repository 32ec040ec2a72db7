// The table of a coarsening run: one kernel launched with more and more elements per work-item, each
// launch's work-items and work-groups against the device's compute units, its time, its GB/s and its
// speed against the first launch (one element per work-item). The caller runs the launches
// (Exercise 16b's driver) and fills the rows; the student's prediction of when the work-groups run
// out is checked against the student's own launch arithmetic, never printed as the answer.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "hoc/common/opencl.hpp"

namespace hoc {

// One launch: its kernel's name, its coarsening factor (elements per work-item), and what it gave.
struct CoarseningRow {
    std::string kernel;         // "scale"
    std::size_t factor = 1;     // elements per work-item
    std::size_t workItems = 0;  // the work-items that have elements
    std::size_t groups = 0;     // work-groups launched
    double seconds = 0;         // median kernel time
};

// The table: each launch's kernel, factor, work-items, work-groups, work-groups per compute unit of
// `device`, time, GB/s (`bytes` moved) and the first row's time over its own ("x plain"). `local` is
// the work-group size every launch ran with.
void printCoarseningTable(std::ostream& out, const cl::Device& device, std::size_t local,
                          const std::vector<CoarseningRow>& rows, double bytes);

// A prediction made before the run: the smallest factor 1, 2, 4, ... whose launch of `elements`
// elements in work-groups of `local` has fewer work-groups than `computeUnits`. Prints whether
// `prediction` (0: not made yet) agrees with `groupsFor(elements, factor, local)`, the student's own
// launch arithmetic; `what` names the prediction and its device.
void printCoarseningPrediction(std::ostream& out, const std::string& what, std::size_t prediction,
                               std::size_t computeUnits, std::size_t elements, std::size_t local,
                               const std::function<std::size_t(std::size_t, std::size_t, std::size_t)>& groupsFor);

}  // namespace hoc
