// One sum per work-group: each work-item puts its element in local memory, work-item 0 adds them up.
// The range is rounded up to whole work-groups, so the last group has work-items past `count`.
// broken: those work-items leave their slot unwritten, and work-item 0 adds it anyway.
__kernel void broken(__global const float* in, __global float* sums, __local float* tile, const int count)
{
    const int l = get_local_id(0), g = get_global_id(0);
    if (g < count)
        tile[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        float sum = 0.0f;
        for (int k = 0; k < (int)get_local_size(0); ++k)
            sum += tile[k];
        sums[get_group_id(0)] = sum;
    }
}

// fixed: work-items past the end put a zero in their slot.
__kernel void fixed(__global const float* in, __global float* sums, __local float* tile, const int count)
{
    const int l = get_local_id(0), g = get_global_id(0);
    tile[l] = g < count ? in[g] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        float sum = 0.0f;
        for (int k = 0; k < (int)get_local_size(0); ++k)
            sum += tile[k];
        sums[get_group_id(0)] = sum;
    }
}
