// Exercise 10: pi = integral of 4 / (1 + x^2) from 0 to 1, by the midpoint rule with nsteps steps.
// Four kernels, each changing one idea of the one before (the first line above each names it).
// All take the same arguments: the host gives each work-item `niters` consecutive steps (work-item
// g starts at step g * niters) and adds the work-groups' sums in double.

// Step 1, the slides' design: each work-item adds its steps in one float, work-item 0 the work-group's values.
__kernel void pi_simple(const ulong nsteps, const uint niters, const float step,
                        __local float* local_sums, __global float* partial_sums)
{
    // TODO 1. Add 4 / (1 + x*x) at the middle x of each of this work-item's steps: the work-items
    //         take runs of niters consecutive steps, in the order of their global ids, and no step
    //         at or past nsteps is taken (the last work-items may have fewer, or none).
    // TODO 2. Put the work-item's sum in local_sums[get_local_id(0)], then wait for the others
    //         (barrier).
    // TODO 3. Work-item 0 adds local_sums[0 .. get_local_size(0) - 1] and writes the total to
    //         partial_sums[get_group_id(0)].
    if (get_local_id(0) == 0)
        partial_sums[get_group_id(0)] = 0.0f;
}

// Step 2, a tree: the work-group's sum made by all its work-items in local memory (was: by work-item 0 alone).
__kernel void pi_simple_tree(const ulong nsteps, const uint niters, const float step,
                             __local float* scratch, __global float* group_sums)
{
    // TODO 1. The loop of step 1, unchanged.
    // TODO 2. Add the work-items' sums as a tree (see the README): write it as a function
    //         float work_group_sum(float mine, __local float* scratch) that returns the
    //         work-group's sum, so that steps 3 and 4 can call it too.
    // TODO 3. Work-item 0 writes the sum to group_sums[get_group_id(0)].
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = 0.0f;
}

// Step 3, x from a small count: x = the work-item's first x + (j + 0.5) * step, j counted from 0 (was: from (float)i).
__kernel void pi_counted_x(const ulong nsteps, const uint niters, const float step,
                           __local float* scratch, __global float* group_sums)
{
    // TODO 1. x at the left edge of the work-item's first step, once: (float)first * step.
    // TODO 2. Step 2's loop, with x = that + offset * step, where offset = j + 0.5 is counted in a
    //         float (0.5, 1.5, ...) instead of converting the step number i to float.
    // TODO 3. Step 2's tree (work_group_sum), and work-item 0 writes the sum.
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = 0.0f;
}

// Step 4, compensated sums: the steps in runs of 32, the runs' sums into a Kahan sum (was: one long float sum).
// Your accurate design (see the README): same arguments, same result, but with an error below 1e-6
// for 2^24 to 2^30 steps.
__kernel void pi(const ulong nsteps, const uint niters, const float step,
                 __local float* scratch, __global float* group_sums)
{
    // TODO
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = 0.0f;
}
