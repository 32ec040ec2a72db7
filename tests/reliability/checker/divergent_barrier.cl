// Each work-item subtracts its group's first element (shared through local memory) from its own.
// The range is rounded up to whole work-groups, so the last group has work-items past `count`.
// broken: the barrier sits inside `if (g < count)`, so those work-items never reach it.
__kernel void broken(__global const float* in, __global float* out, __local float* first, const int count)
{
    const int l = get_local_id(0), g = get_global_id(0);
    if (g < count) {
        if (l == 0)
            first[0] = in[g];
        barrier(CLK_LOCAL_MEM_FENCE);
        out[g] = in[g] - first[0];
    }
}

// fixed: every work-item reaches the barrier; only the memory accesses are guarded.
__kernel void fixed(__global const float* in, __global float* out, __local float* first, const int count)
{
    const int l = get_local_id(0), g = get_global_id(0);
    if (l == 0 && g < count)
        first[0] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (g < count)
        out[g] = in[g] - first[0];
}
