// Technique absent (checker/technique), the other steps as the solution has them: reduce_float4 written
// as the step before it, reduce_two_pass.
// Exercise 16: the sum of n floats, in seven steps. Every kernel takes the same arguments: it adds
// its work-group's share of in[0 .. n-1] and writes one partial sum per work-group to
// out[get_group_id(0)]. The host launches a kernel again on the partial sums until one value is
// left. Work-groups may have any size; elements past n count as 0.

#ifndef PER_ITEM
#define PER_ITEM 8  // step 4: elements each work-item adds before the tree (the host passes -D PER_ITEM)
#endif

// Step 1, interleaved addressing: in round s, the work-items whose id is a multiple of 2s add the value s places on.
__kernel void reduce_interleaved(__global const float* in, const ulong n, __local float* scratch,
                                 __global float* out)
{
    const size_t i = get_global_id(0);
    const int lid = get_local_id(0);
    const int size = get_local_size(0);
    scratch[lid] = i < n ? in[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    // The active work-items are spread out (lid 0, 2s, 4s, ...): on a GPU every warp stays busy
    // with a few active lanes (divergence), and their local-memory accesses are 2s apart.
    for (int s = 1; s < size; s *= 2) {
        if (lid % (2 * s) == 0 && lid + s < size)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = scratch[0];
}

// Step 2's tree as a function, which steps 3 to 7 call too: the work-group's sum in local memory
// (sequential addressing). Each work-item puts `mine` in scratch, then in each round the lower half
// of the active work-items adds the upper half's values, with a barrier after each round. The active
// work-items stay contiguous and read consecutive addresses (on a GPU whole warps finish early), and
// each value goes through log2(size) additions, not size. Any work-group size works: the tree starts
// at the largest power of two below the size, and a partner past the end is skipped. Every work-item
// returns the sum (scratch[0]).
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

// Step 2, sequential addressing: the same tree, with the active work-items contiguous (work_group_sum above).
__kernel void reduce_sequential(__global const float* in, const ulong n, __local float* scratch,
                                __global float* out)
{
    const size_t i = get_global_id(0);
    const float sum = work_group_sum(i < n ? in[i] : 0.0f, scratch);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = sum;
}

// Step 3, first add during the load: each work-item adds two elements, a work-group apart, before the tree.
__kernel void reduce_first_add(__global const float* in, const ulong n, __local float* scratch,
                               __global float* out)
{
    const size_t size = get_local_size(0);
    const size_t i = get_group_id(0) * 2 * size + get_local_id(0);  // a work-group covers 2 * size elements
    float mine = i < n ? in[i] : 0.0f;
    if (i + size < n)
        mine += in[i + size];
    const float sum = work_group_sum(mine, scratch);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = sum;
}

// Step 4, several elements per work-item: each work-item adds PER_ITEM elements, a work-group apart, before the tree.
__kernel void reduce_per_item(__global const float* in, const ulong n, __local float* scratch,
                              __global float* out)
{
    const size_t size = get_local_size(0);
    const size_t start = get_group_id(0) * PER_ITEM * size + get_local_id(0);
    float mine = 0.0f;
    for (int k = 0; k < PER_ITEM; k++) {  // neighbouring work-items read neighbouring elements
        const size_t i = start + k * size;
        if (i < n)
            mine += in[i];
    }
    const float sum = work_group_sum(mine, scratch);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = sum;
}

// Step 5, the two-pass finish: a fixed number of work-groups loops over the whole array, so a second launch with one work-group ends any size.
__kernel void reduce_two_pass(__global const float* in, const ulong n, __local float* scratch,
                              __global float* out)
{
    // Each work-item steps through the array one NDRange at a time, reading four elements per
    // step: four loads in flight before their additions wait for them keeps the memory busy.
    const size_t stride = get_global_size(0);
    size_t i = get_global_id(0);
    float mine = 0.0f;
    for (; i + 3 * stride < n; i += 4 * stride)
        mine += (in[i] + in[i + stride]) + (in[i + 2 * stride] + in[i + 3 * stride]);
    for (; i < n; i += stride)
        mine += in[i];
    const float sum = work_group_sum(mine, scratch);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = sum;
}

// Step 6, vector loads: step 5 reading a float4 per load, so each load instruction brings 16 bytes instead of 4.
__kernel void reduce_float4(__global const float* in, const ulong n, __local float* scratch,
                            __global float* out)
{
    // Each work-item steps through the array one NDRange at a time, reading four elements per
    // step: four loads in flight before their additions wait for them keeps the memory busy.
    const size_t stride = get_global_size(0);
    size_t i = get_global_id(0);
    float mine = 0.0f;
    for (; i + 3 * stride < n; i += 4 * stride)
        mine += (in[i] + in[i + stride]) + (in[i + 2 * stride] + in[i + 3 * stride]);
    for (; i < n; i += stride)
        mine += in[i];
    const float sum = work_group_sum(mine, scratch);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = sum;
}

#ifndef CPU_RUNS
#define CPU_RUNS 8  // step 7: runs each work-item reads side by side (the host passes -D CPU_RUNS)
#endif

// Step 7, shaped for a CPU: a few work-groups per core, each work-item adding one long contiguous
// stretch of the array in CPU_RUNS parts read side by side, sixteen floats per load.
__kernel void reduce_cpu(__global const float* in, const ulong n, __local float* scratch, __global float* out)
{
    // A CPU runs a work-group as one task on one core, its work-items one after another. What keeps
    // its memory busy: long runs of neighbouring addresses (the prefetcher streams them, each cache
    // line is used whole), several runs at once (one stream per core leaves the memory idle between
    // its misses), and wide loads (a float16 is 64 bytes: one AVX-512 register, one cache line).
    // A buffer starts aligned for every OpenCL type, so in16[j] is in[16j], ..., in[16j + 15].
    __global const float16* in16 = (__global const float16*)in;
    const size_t items = get_global_size(0);
    const size_t blocks = n / 16;                     // the whole float16s; the 0 to 15 floats after them below
    const size_t per = (blocks + items - 1) / items;  // float16s per work-item, rounded up
    const size_t first = min(get_global_id(0) * per, blocks);
    const size_t last = min(first + per, blocks);
    const size_t part = (last - first) / CPU_RUNS;    // the length of each of the work-item's runs
    float16 sums[CPU_RUNS];
    for (int r = 0; r < CPU_RUNS; r++)
        sums[r] = 0.0f;
    for (size_t j = first; j < first + part; j++)
        for (int r = 0; r < CPU_RUNS; r++)
            sums[r] += in16[j + r * part];
    for (size_t j = first + CPU_RUNS * part; j < last; j++)  // the 0 to CPU_RUNS - 1 float16s left over
        sums[0] += in16[j];
    float16 all = 0.0f;
    for (int r = 0; r < CPU_RUNS; r++)
        all += sums[r];
    float lanes[16];  // the sixteen lanes added one by one (oclgrind 21.10 flags dot() on a float16's parts)
    vstore16(all, 0, lanes);
    float sum = 0.0f;
    for (int l = 0; l < 16; l++)
        sum += lanes[l];
    for (size_t k = 16 * blocks + get_global_id(0); k < n; k += items)  // the 0 to 15 floats after the last float16
        sum += in[k];
    sum = work_group_sum(sum, scratch);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = sum;
}
