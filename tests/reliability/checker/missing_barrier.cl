// Reverse each work-group's elements through local memory.
// broken: reads the slot another work-item writes, with no barrier in between.
__kernel void broken(__global const float* in, __global float* out, __local float* tile)
{
    const int l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    tile[l] = in[g];
    out[g] = tile[n - 1 - l];
}

// fixed: every work-item's write is done before anyone reads.
__kernel void fixed(__global const float* in, __global float* out, __local float* tile)
{
    const int l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    tile[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = tile[n - 1 - l];
}
