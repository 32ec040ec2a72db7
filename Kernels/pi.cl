// Exercise 10: pi = integral of 4 / (1 + x^2) from 0 to 1, by the midpoint rule with nsteps steps.
// Both kernels take the same arguments: the host gives each work-item `niters` consecutive steps
// (work-item g starts at step g * niters) and adds the work-groups' sums in double.

// The slides' design: each work-item adds its steps in one float, then work-item 0 adds the
// work-group's values one after another. Simple, but each float sum grows large and drops the
// low bits of every later term, and one work-item does the work-group's whole reduction.
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

// Adds `term` to the compensated sum (*sum, *carry) (Kahan): `carry` keeps what the float addition
// rounded off, and the next term gives it back, so the error does not grow with the number of terms.
inline void kahan_add(float* sum, float* carry, const float term)
{
    const float y = term - *carry;
    const float t = *sum + y;
    *carry = (t - *sum) - y;
    *sum = t;
}

// Adds `mine` over the work-group in local memory as a tree: each round the lower stride of the
// active work-items adds the upper stride's values, so every value goes through log2(size) additions
// (not size) and the work is shared. Any work-group size works: a partner past the end is skipped.
// The work-group's sum ends in scratch[0]; every work-item returns it.
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

// The accurate and fast design. x is computed from the work-item's first step, so no error builds
// up in it. The steps are added in short runs of 32: a run's float sum stays small (below 128), so
// it keeps nearly all the bits of its terms; the runs' sums go into a compensated sum, and the
// work-items' totals into a tree over the work-group in local memory.
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
