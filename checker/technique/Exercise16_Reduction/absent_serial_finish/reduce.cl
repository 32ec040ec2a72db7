// Technique absent (checker/technique): steps 3 to 6 load as their steps ask, then work-item 0 adds
// the work-group's values one after another (serial_total) instead of the tree. Right sums; the
// tree checks must fail.
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

// Step 2, sequential addressing: TODO the same tree as step 1, but in each round the lower half
// of the active work-items adds the upper half's values (stride = half the work-group, then a
// quarter, ...). Hint: write it as a function float work_group_sum(float mine, __local float*
// scratch) that steps 3 to 5 can call too.

// The work-group's sum of `mine`, sequential addressing; any size, odd ones included.
float group_total(float mine, __local float* scratch)
{
    const uint lid = get_local_id(0);
    uint active = get_local_size(0);
    scratch[lid] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    while (active > 1) {
        const uint upper = (active + 1) >> 1;
        if (lid + upper < active)
            scratch[lid] += scratch[lid + upper];
        barrier(CLK_LOCAL_MEM_FENCE);
        active = upper;
    }
    return scratch[0];
}


// The work-group's sum of `mine`, added by work-item 0 alone, one value after another.
float serial_total(float mine, __local float* scratch)
{
    scratch[get_local_id(0)] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    float a = 0.0f;
    if (get_local_id(0) == 0)
        for (uint k = 0; k < get_local_size(0); ++k)
            a += scratch[k];
    return a;
}

__kernel void reduce_sequential(__global const float* in, const ulong n, __local float* scratch,
                                __global float* out)
{
    const size_t i = get_global_id(0);
    const float t = group_total(i < n ? in[i] : 0.0f, scratch);
    if (get_local_id(0) == 0) out[get_group_id(0)] = t;
}

// Step 3, first add during the load: TODO each work-item adds two elements, a work-group apart,
// before the tree (a work-group covers 2 * get_local_size(0) elements).
__kernel void reduce_first_add(__global const float* in, const ulong n, __local float* scratch,
                               __global float* out)
{
    const size_t g = get_local_size(0);
    const size_t base = get_group_id(0) * 2 * g + get_local_id(0);
    float a = base < n ? in[base] : 0.0f;
    if (base + g < n) a += in[base + g];
    const float t = serial_total(a, scratch);
    if (get_local_id(0) == 0) out[get_group_id(0)] = t;
}

// Step 4, several elements per work-item: TODO each work-item adds PER_ITEM elements, a work-group
// apart, before the tree (a work-group covers PER_ITEM * get_local_size(0) elements).
__kernel void reduce_per_item(__global const float* in, const ulong n, __local float* scratch,
                              __global float* out)
{
    const size_t g = get_local_size(0);
    size_t idx = get_group_id(0) * PER_ITEM * g + get_local_id(0);
    float a = 0.0f;
    for (int k = 0; k < PER_ITEM; ++k, idx += g)
        a += idx < n ? in[idx] : 0.0f;
    const float t = serial_total(a, scratch);
    if (get_local_id(0) == 0) out[get_group_id(0)] = t;
}

// Step 5, the two-pass finish: TODO each work-item adds in[i] for i = get_global_id(0),
// + get_global_size(0), + 2 * get_global_size(0), ... up to n, then the tree. The host launches a
// fixed number of work-groups, then one work-group on their partial sums.
__kernel void reduce_two_pass(__global const float* in, const ulong n, __local float* scratch,
                              __global float* out)
{
    float a = 0.0f;
    for (size_t idx = get_global_id(0); idx < n; idx += get_global_size(0))
        a += in[idx];
    const float t = serial_total(a, scratch);
    if (get_local_id(0) == 0) out[get_group_id(0)] = t;
}

// Step 6, vector loads: TODO step 5 reading a float4 per load (16 bytes per load instruction, not 4).
// A buffer starts at an address aligned for every OpenCL type, so `(__global const float4*)in` may be
// read as float4s: element j is in[4j .. 4j + 3]. Loop over the n / 4 whole float4s as step 5 loops
// over floats, add the four lanes of your float4 sum (dot with a float4 of ones adds them; oclgrind
// 21.10 crashes on adding the lanes one by one), then the 0 to 3 floats after the last whole float4,
// shared among the work-items (an NDRange may have fewer work-items than that), then the tree.
__kernel void reduce_float4(__global const float* in, const ulong n, __local float* scratch,
                            __global float* out)
{
    __global const float4* v = (__global const float4*)in;
    const size_t whole = n / 4;
    float4 acc = (float4)(0.0f);
    for (size_t j = get_global_id(0); j < whole; j += get_global_size(0))
        acc += v[j];
    float a = dot(acc, (float4)(1.0f));
    for (size_t r = 4 * whole + get_global_id(0); r < n; r += get_global_size(0))
        a += in[r];
    const float t = serial_total(a, scratch);
    if (get_local_id(0) == 0) out[get_group_id(0)] = t;
}

// Step 7, shaped for a CPU: TODO a few work-groups per core (the host starts them, of one
// work-item unless told otherwise), each work-item adding ONE contiguous stretch of the n / 16 whole
// float16s with wide loads (a float16 view of `in`, as step 6's float4 one): the float16s divided
// among the work-items, rounded up, the last stretches clipped at n / 16 (or empty). Cut the stretch
// into CPU_RUNS runs (the host passes -D CPU_RUNS=8) read side by side in one loop, each into a
// float16 sum of its own; then add the float16s left over, the sums, and their sixteen lanes
// (vstore16 into a float[16], then a loop: oclgrind 21.10 flags dot() on a float16's parts); then
// the 0 to 15 floats after the last whole float16, shared among the work-items; then the tree
// (work_group_sum).
__kernel void reduce_cpu(__global const float* in, const ulong n, __local float* scratch, __global float* out)
{
    __global const float16* v = (__global const float16*)in;
    const size_t whole = n / 16;
    const size_t items = get_global_size(0);
    const size_t per = (whole + items - 1) / items;
    size_t from = get_global_id(0) * per;
    size_t to = from + per;
    if (from > whole) from = whole;
    if (to > whole) to = whole;
    const size_t len = to - from;
    const size_t run = len / CPU_RUNS;
    float16 sums[CPU_RUNS];
    for (int r = 0; r < CPU_RUNS; ++r) sums[r] = (float16)(0.0f);
    for (size_t k = 0; k < run; ++k)
        for (int r = 0; r < CPU_RUNS; ++r)
            sums[r] += v[from + r * run + k];
    float16 total = (float16)(0.0f);
    for (size_t k = from + CPU_RUNS * run; k < to; ++k) total += v[k];
    for (int r = 0; r < CPU_RUNS; ++r) total += sums[r];
    float lanes[16];
    vstore16(total, 0, lanes);
    float a = 0.0f;
    for (int l = 0; l < 16; ++l) a += lanes[l];
    for (size_t r = 16 * whole + get_global_id(0); r < n; r += items) a += in[r];
    const float t = group_total(a, scratch);
    if (get_local_id(0) == 0) out[get_group_id(0)] = t;
}
