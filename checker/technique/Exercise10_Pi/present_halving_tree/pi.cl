// Technique present (checker/technique): the four steps in other shapes than the solution's: a tree
// that halves the count of values rounded up, x counted with fma, Kahan over runs of 16 terms.
// Exercise 10: pi = integral of 4 / (1 + x^2) from 0 to 1, by the midpoint rule with nsteps steps.
// Four kernels, each changing one idea of the one before (the first line above each names it).
// All take the same arguments: the host gives each work-item `niters` consecutive steps (work-item
// g starts at step g * niters) and adds the work-groups' sums in double.

// The work-group's sum, halving the count of values still to add, rounded up, until one is left:
// value lid + upper joins value lid; ceil(log2(size)) rounds, each ended by a barrier.
float group_total(float mine, __local float* scratch)
{
    const int lid = get_local_id(0);
    scratch[lid] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int n = get_local_size(0); n > 1;) {
        const int upper = (n + 1) / 2;
        if (lid + upper < n)
            scratch[lid] += scratch[lid + upper];
        barrier(CLK_LOCAL_MEM_FENCE);
        n = upper;
    }
    return scratch[0];
}

// Step 1, the slides' design: each work-item adds its steps in one float, work-item 0 the work-group's values.
__kernel void pi_simple(const ulong nsteps, const uint niters, const float step,
                        __local float* local_sums, __global float* partial_sums)
{
    const ulong begin = (ulong)get_global_id(0) * niters;
    float mine = 0.0f;
    for (uint j = 0; j < niters && begin + j < nsteps; ++j) {
        const float x = ((float)(begin + j) + 0.5f) * step;
        mine += 4.0f / (1.0f + x * x);
    }
    local_sums[get_local_id(0)] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        float total = 0.0f;
        int k = get_local_size(0);
        while (k-- > 0)
            total += local_sums[k];
        partial_sums[get_group_id(0)] = total;
    }
}

// Step 2, a tree: the work-group's sum made by all its work-items in local memory (was: by work-item 0 alone).
__kernel void pi_simple_tree(const ulong nsteps, const uint niters, const float step,
                             __local float* scratch, __global float* group_sums)
{
    const ulong begin = (ulong)get_global_id(0) * niters;
    float mine = 0.0f;
    for (uint j = 0; j < niters && begin + j < nsteps; ++j) {
        const float x = ((float)(begin + j) + 0.5f) * step;
        mine += 4.0f / (1.0f + x * x);
    }
    const float total = group_total(mine, scratch);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = total;
}

// Step 3, x from a small count: x = the work-item's first x + (j + 0.5) * step, j counted from 0 (was: from (float)i).
__kernel void pi_counted_x(const ulong nsteps, const uint niters, const float step,
                           __local float* scratch, __global float* group_sums)
{
    const ulong begin = (ulong)get_global_id(0) * niters;
    const float left = (float)begin * step;
    float mine = 0.0f, offs = 0.5f;
    for (ulong i = begin; i < begin + niters && i < nsteps; ++i) {
        const float x = fma(offs, step, left);
        mine += 4.0f / (1.0f + x * x);
        offs += 1.0f;
    }
    const float total = group_total(mine, scratch);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = total;
}

// Step 4, compensated sums: the steps in runs of 32, the runs' sums into a Kahan sum (was: one long float sum).
// Your accurate design (see the README): same arguments, same result, but with an error below 1e-6
// for 2^24 to 2^30 steps.
__kernel void pi(const ulong nsteps, const uint niters, const float step,
                 __local float* scratch, __global float* group_sums)
{
    // Runs of 16 terms in a float, each run's sum into a Kahan sum.
    const ulong begin = (ulong)get_global_id(0) * niters;
    const float left = (float)begin * step;
    float total = 0.0f, lost = 0.0f, run = 0.0f, offs = 0.5f;
    int in_run = 0;
    for (ulong i = begin; i < begin + niters && i < nsteps; ++i) {
        const float x = fma(offs, step, left);
        run += 4.0f / (1.0f + x * x);
        offs += 1.0f;
        if (++in_run == 16 || i + 1 == begin + niters || i + 1 == nsteps) {
            const float y = run - lost;
            const float t = total + y;
            lost = (t - total) - y;
            total = t;
            run = 0.0f;
            in_run = 0;
        }
    }
    const float sum = group_total(total - lost, scratch);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = sum;
}
