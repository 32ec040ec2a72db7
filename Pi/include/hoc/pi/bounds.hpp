// The error a pi program's result may have, and the refusal before a run of a check that could not
// decide (Exercise 10's designs; Exercises A and 15b hold their kernels to kTarget alone). A design
// is described by how it adds, not by its kernel: each work-item's steps go into a float sum, then
// the work-group's values are added by one work-item in a loop or by a tree; or the sums are
// compensated, whose error the course's target bounds.
#pragma once

#include <cstdint>
#include <string>

#include "hoc/common/opencl.hpp"

namespace hoc::pi {

enum class Summation {
    FloatLoop,    // plain float sums; one work-item adds its work-group's values in turn
    FloatTree,    // plain float sums; a tree adds the work-group's values, ceil(log2(size)) rounds
    Compensated,  // compensated sums (Kahan's), held to kTarget
};

// The steps per work-item of the slides' host program, what `iters` 0 stands for below.
constexpr std::uint64_t kSlidesStepsPerItem = 262144;

// A worst-case error bound for a float computation in which every term 4/(1+x^2) is evaluated
// with a relative error of at most 8 units in the last place (u = 2^-24: x rounded twice, 1 + x^2
// once, the division within OpenCL's 2.5 ulp) and then goes through at most `additions` float
// additions on its way into the sum: hoc::floatSumBound (hoc/common/float_sum.hpp), a relative error
// of at most (1 + u)^n - 1 (Higham's lemma 3.1) after the terms' own.
// The sum of the terms is at most 3.25 / h (h * sum f is pi + h^2/12 + O(h^6): 3.2 for one step, less for more).
// The bound is an honest worst case, and a loose one for long float sums: from about 2^23 additions
// it exceeds pi itself (3.25 * (e^(n u) - 1) > pi), so a plain float sum that long cannot be told
// from a wrong one; the simple designs then report the allowed error they were held to.
double floatSumBound(std::uint64_t additions);

// The most float additions a term goes through in a design of plain float sums (the bound's count):
// the work-item's loop over its `stepsPerItem` steps, then the work-group's sum over `workGroupSize`
// values, a loop (workGroupSize additions) or a tree (hoc::treeAdditions). Compensated counts as a tree.
std::uint64_t floatAdditions(std::uint64_t stepsPerItem, std::uint64_t workGroupSize, Summation summation);

// The error a design's pi may have: plain float sums their worst case (floatSumBound of
// floatAdditions), compensated sums the course's target, kTarget.
double allowedError(std::uint64_t stepsPerItem, std::uint64_t workGroupSize, Summation summation);

// Before anything runs, what the options ask of a design of plain float sums (nothing for
// Compensated), at the most: a work-item's steps (at most `iters`, kSlidesStepsPerItem when 0, and
// at most `nsteps`), then its work-group's sum (at most `local` work-items, else the device's largest
// work-group). A float sum that long may have to be allowed so much error that a wrong pi passes:
// refused (hoc::UsageError, exit status 2), naming `design` and saying what narrows it. And the
// work-groups' sums must fit the device: at least nsteps / (local x iters).
void requireDecisive(const cl::Device& device, const std::string& design, Summation summation, std::uint64_t nsteps,
                     std::uint64_t local, std::uint64_t iters);

}  // namespace hoc::pi
