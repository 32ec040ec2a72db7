// Technique absent (checker/technique), the other steps as the solution has them: step 2's kernel written as step 1's: work-item 0 adds the work-group's values one after another, no tree.
// Exercise 10: pi = integral of 4 / (1 + x^2) from 0 to 1, by the midpoint rule with nsteps steps.
// Four kernels, each changing one idea of the one before (the first line above each names it).
// All take the same arguments: the host gives each work-item `niters` consecutive steps (work-item
// g starts at step g * niters) and adds the work-groups' sums in double.

// Step 1, the slides' design: each work-item adds its steps in one float, work-item 0 the work-group's values.
// Simple, but each float sum grows large and drops the low bits of every later term, and one
// work-item does the work-group's whole reduction, one value after another.
__kernel void pi_simple(const ulong nsteps, const uint niters, const float step,
                        __local float* local_sums, __global float* partial_sums)
{
    const int local_id = get_local_id(0);
    const int num_wrk_items = get_local_size(0);
    const ulong istart = (ulong)get_global_id(0) * niters;
    const ulong iend = min(istart + niters, nsteps);  // the last work-items may have fewer steps, or none

    float accum = 0.0f;
    for (ulong i = istart; i < iend; i++) {
        const float x = ((float)i + 0.5f) * step;
        accum += 4.0f / (1.0f + x * x);
    }
    local_sums[local_id] = accum;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (local_id == 0) {
        float sum = 0.0f;
        for (int i = 0; i < num_wrk_items; i++)
            sum += local_sums[i];
        partial_sums[get_group_id(0)] = sum;
    }
}

// Step 2's tree as a function, which steps 3 and 4 (and Exercise A's pi_vector) call too: the
// work-group's sum in local memory (sequential addressing). Each work-item puts `mine` in scratch,
// then in each round the lower half of the active work-items adds the upper half's values, with a
// barrier after each round. The active work-items stay contiguous and read consecutive addresses (on
// a GPU whole warps finish early), and each value goes through log2(size) additions, not size. Any
// work-group size works: the tree starts at the largest power of two below the size, and a partner
// past the end is skipped. Every work-item returns the sum (scratch[0]).
inline float work_group_sum(const float mine, __local float* scratch)
{
    const int lid = get_local_id(0);
    const int size = get_local_size(0);
    scratch[lid] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    int stride = 1;
    while (2 * stride < size)
        stride *= 2;  // the largest power of two below size (1 for sizes 1 and 2)
    for (; stride > 0; stride /= 2) {
        if (lid < stride && lid + stride < size)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return scratch[0];
}

// Step 2, a tree: the work-group's sum made by all its work-items in local memory (was: by work-item 0 alone).
// Each work-item's loop is step 1's; work_group_sum (above) is the tree.
__kernel void pi_simple_tree(const ulong nsteps, const uint niters, const float step,
                             __local float* scratch, __global float* group_sums)
{
    const int local_id = get_local_id(0);
    const int num_wrk_items = get_local_size(0);
    const ulong istart = (ulong)get_global_id(0) * niters;
    const ulong iend = min(istart + niters, nsteps);  // the last work-items may have fewer steps, or none

    float accum = 0.0f;
    for (ulong i = istart; i < iend; i++) {
        const float x = ((float)i + 0.5f) * step;
        accum += 4.0f / (1.0f + x * x);
    }
    scratch[local_id] = accum;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (local_id == 0) {
        float sum = 0.0f;
        for (int i = 0; i < num_wrk_items; i++)
            sum += scratch[i];
        group_sums[get_group_id(0)] = sum;
    }
}

// Step 3, x from a small count: x = the work-item's first x + (j + 0.5) * step, j counted from 0 (was: from (float)i).
// (float)i rounds step numbers above 2^24, which moves x; j + 0.5 counted in a float is exact below
// 2^23 steps per work-item. The float sum and step 2's tree are unchanged.
__kernel void pi_counted_x(const ulong nsteps, const uint niters, const float step,
                           __local float* scratch, __global float* group_sums)
{
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = first < nsteps ? (uint)min((ulong)niters, nsteps - first) : 0;
    const float base = (float)first * step;  // x at the left edge of this work-item's first step

    float accum = 0.0f;
    float offset = 0.5f;  // j + 0.5 for step j of this work-item
    for (uint j = 0; j < count; j++) {
        const float x = base + offset * step;
        accum += 4.0f / (1.0f + x * x);
        offset += 1.0f;
    }

    const float total = work_group_sum(accum, scratch);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = total;
}

// Adds `term` to the compensated sum (*sum, *carry) (Kahan): `carry` keeps what the float addition
// rounded off, and the next term gives it back, so the error does not grow with the number of terms.
inline void kahan_add(float* sum, float* carry, const float term)
{
    const float y = term - *carry;
    const float t = *sum + y;
    *carry = (t - *sum) - y;
    *sum = t;
}

// Step 4, compensated sums: the steps in runs of 32, the runs' sums into a Kahan sum (was: one long float sum).
// A run's float sum stays small (below 128), so it keeps nearly all the bits of its terms; the
// runs' sums go into a compensated sum (kahan_add above), whose error does not grow with the number
// of runs. x as in step 3, the work-items' totals into step 2's tree.
__kernel void pi(const ulong nsteps, const uint niters, const float step,
                 __local float* scratch, __global float* group_sums)
{
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = first < nsteps ? (uint)min((ulong)niters, nsteps - first) : 0;
    const float base = (float)first * step;  // x at the left edge of this work-item's first step

    float sum = 0.0f, carry = 0.0f;
    float offset = 0.5f;  // j + 0.5 for step j of this work-item: exact in a float below 2^23
    for (uint j0 = 0; j0 < count; j0 += 32) {
        const uint run = min(32u, count - j0);
        float run_sum = 0.0f;
        for (uint j = 0; j < run; j++) {
            const float x = base + offset * step;
            run_sum += 4.0f / (1.0f + x * x);
            offset += 1.0f;
        }
        kahan_add(&sum, &carry, run_sum);
    }

    const float total = work_group_sum(sum - carry, scratch);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = total;
}
