// Correct pi kernels written differently from the course's (checker: they must PASS Exercise
// 10's tests). Each work-item works out its own count of steps first (0 past nsteps); step 1's
// work-item 0 adds the work-group's values from the last to the first; steps 2-4 share a tree of
// their own, interleaved (in round s the work-items at multiples of 2s add the value s places on),
// which any work-group size allows; step 4 sums runs of 16 steps into a compensated (Kahan) sum.

inline uint my_count(const ulong nsteps, const uint niters, const ulong first)
{
    if (first >= nsteps)
        return 0;
    const ulong left = nsteps - first;
    return left < niters ? (uint)left : niters;
}

inline float f(const float x) { return 4.0f / (1.0f + x * x); }

// The work-group's sum of `mine`, interleaved: ceil(log2(size)) additions per value at most.
inline float tree_sum(const float mine, __local float* slots)
{
    const int me = get_local_id(0);
    const int size = get_local_size(0);
    slots[me] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 1; s < size; s <<= 1) {
        if ((me & (2 * s - 1)) == 0 && me + s < size)
            slots[me] = slots[me] + slots[me + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return slots[0];
}

__kernel void pi_simple(const ulong nsteps, const uint niters, const float step, __local float* slots,
                        __global float* partial_sums)
{
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = my_count(nsteps, niters, first);
    float mine = 0.0f;
    uint j = 0;
    while (j < count) {
        mine += f(((float)(first + j) + 0.5f) * step);
        ++j;
    }
    slots[get_local_id(0)] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        float group = 0.0f;
        for (int w = (int)get_local_size(0) - 1; w >= 0; --w)
            group += slots[w];
        partial_sums[get_group_id(0)] = group;
    }
}

__kernel void pi_simple_tree(const ulong nsteps, const uint niters, const float step, __local float* slots,
                             __global float* group_sums)
{
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = my_count(nsteps, niters, first);
    float mine = 0.0f;
    for (uint j = 0; j < count; ++j)
        mine += f(((float)(first + j) + 0.5f) * step);
    const float group = tree_sum(mine, slots);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = group;
}

__kernel void pi_counted_x(const ulong nsteps, const uint niters, const float step, __local float* slots,
                           __global float* group_sums)
{
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = my_count(nsteps, niters, first);
    const float left = (float)first * step;
    float mine = 0.0f;
    for (uint j = 0; j < count; ++j)
        mine += f(left + ((float)j + 0.5f) * step);  // j below 2^23: exact in a float
    const float group = tree_sum(mine, slots);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = group;
}

__kernel void pi(const ulong nsteps, const uint niters, const float step, __local float* slots,
                 __global float* group_sums)
{
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = my_count(nsteps, niters, first);
    const float left = (float)first * step;
    float total = 0.0f, lost = 0.0f;
    for (uint j0 = 0; j0 < count; j0 += 16) {
        float run = 0.0f;
        const uint end = count - j0 < 16 ? count : j0 + 16;
        for (uint j = j0; j < end; ++j)
            run += f(left + ((float)j + 0.5f) * step);
        const float y = run - lost;
        const float t = total + y;
        lost = (t - total) - y;
        total = t;
    }
    const float group = tree_sum(total - lost, slots);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = group;
}
