// Exercise 10: pi = integral of 4 / (1 + x^2) from 0 to 1, by the midpoint rule with nsteps steps.
// Three kernels, each changing one idea of the one before (the first line above each names it).
// All take the same arguments: the host gives each work-item `niters` consecutive steps (work-item
// g starts at step g * niters) and adds the work-groups' sums in double.

// Step 1, the slides' design: each work-item adds its steps in one float, work-item 0 the work-group's values.
__kernel void pi_simple(const ulong nsteps, const uint niters, const float step,
                        __local float* local_sums, __global float* partial_sums)
{
    // TODO 1. Add 4 / (1 + x*x) for this work-item's steps, istart = get_global_id(0) * niters
    //         up to istart + niters, but never past nsteps; x = (i + 0.5) * step.
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
    //         work-group's sum, so that step 3 can call it too.
    // TODO 3. Work-item 0 writes the sum to group_sums[get_group_id(0)].
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = 0.0f;
}

// Step 3, accurate sums: each work-item's float sum loses (almost) no bits (was: one long float sum, x from (float)i).
// Your faster and more accurate design (see the README): same arguments, same result, but with an
// error below 1e-6 for 2^24 to 2^30 steps.
__kernel void pi(const ulong nsteps, const uint niters, const float step,
                 __local float* scratch, __global float* group_sums)
{
    // TODO
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = 0.0f;
}
