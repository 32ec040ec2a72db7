// Correct kernels written differently from the course's (checker: they must PASS Exercise
// 16's reduce_sequential and reduce_cpu tests; the file holds only these two).

// Step 2's tree, written differently: it halves the active count rounding up, (active + 1) / 2,
// instead of starting at the largest power of two below the size, so any work-group size works
// without a partner check of its own. Every work-item gets the group's sum.
inline float halving_tree(const float mine, __local float* partial)
{
    const int me = get_local_id(0);
    partial[me] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int active = get_local_size(0); active > 1;) {
        const int upper = (active + 1) / 2;  // the first index of the upper part
        if (me + upper < active)
            partial[me] += partial[me + upper];
        active = upper;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return partial[0];
}

__kernel void reduce_sequential(__global const float* in, const ulong n, __local float* partial, __global float* out)
{
    const float total = halving_tree(get_global_id(0) < n ? in[get_global_id(0)] : 0.0f, partial);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = total;
}

// Step 7, written differently: each work-item's share is counted in floats (a multiple of 16),
// read as one stream with vload16 into eight sums taken in turn, and the work-item whose share
// holds the end adds the 0 to 15 floats that make no whole float16 itself; then the tree above.
__kernel void reduce_cpu(__global const float* in, const ulong n, __local float* partial, __global float* out)
{
    const ulong items = get_global_size(0);
    const ulong share = ((n + items - 1) / items + 15) / 16 * 16;
    const ulong begin = min((ulong)get_global_id(0) * share, n);
    const ulong end = min(begin + share, n);
    float16 acc[8];
    for (int k = 0; k < 8; k++)
        acc[k] = 0.0f;
    ulong i = begin;
    for (int k = 0; i + 16 <= end; i += 16, k = (k + 1) % 8)
        acc[k] += vload16(0, in + i);
    for (int k = 1; k < 8; k++)
        acc[0] += acc[k];
    float lanes[16];
    vstore16(acc[0], 0, lanes);
    float mine = 0.0f;
    for (int l = 0; l < 16; l++)
        mine += lanes[l];
    for (; i < end; i++)
        mine += in[i];
    const float sum = halving_tree(mine, partial);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = sum;
}
