// Exercise 10: pi = integral of 4 / (1 + x^2) from 0 to 1, by the midpoint rule with nsteps steps.
// Both kernels take the same arguments: the host gives each work-item `niters` consecutive steps
// (work-item g starts at step g * niters) and adds the work-groups' sums in double.

// The slides' design: each work-item adds its steps in one float, then work-item 0 adds the
// work-group's values one after another.
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

// Your faster and more accurate design (see the README): same arguments, same result, but
// with an error below 1e-6 for 2^24 to 2^30 steps, and the work-group's sum made by all its
// work-items together.
__kernel void pi(const ulong nsteps, const uint niters, const float step,
                 __local float* scratch, __global float* group_sums)
{
    // TODO
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = 0.0f;
}
