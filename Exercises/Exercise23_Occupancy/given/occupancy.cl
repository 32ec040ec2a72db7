// Exercise 23: a kernel whose local memory is a build option. Each work-item passes one float to
// its neighbour through local memory: out[i] = in[i] + in[the next work-item of its work-group]
// (the last one wraps to the first; work-items past n count as 0).
// LOCAL_FLOATS sizes the __local array (at least the work-group size). Only its last
// get_local_size(0) floats are used: the rest does nothing but occupy local memory, so that the
// size of the array changes how many work-groups fit on a compute unit, and nothing else.
#ifndef LOCAL_FLOATS
#define LOCAL_FLOATS 256
#endif

__kernel void stage(__global const float* in, __global float* out, uint n)
{
    __local float scratch[LOCAL_FLOATS];
    const uint i = get_global_id(0);
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    __local float* mine = scratch + (LOCAL_FLOATS - size);
    mine[lid] = i < n ? in[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        out[i] = mine[lid] + mine[(lid + 1) % size];
}
