// Technique absent (checker/technique): local_read right in value, but work-item 0 copies the whole
// block into local memory alone while the others wait at the barrier.
// Exercise 20b: the memory hierarchy, measured. Two of the program's probes are kernels of this file:
// global memory read at a stride (given: 004 §4.13's bursts) and local memory read over and over
// (step 2: yours). TILE, a build option (-D TILE=256), is the number of float4s in one work-group's
// block of the input: 4 KiB at 256. The host keeps the work-group at TILE work-items or fewer.

// Given. Global memory read at a stride. Work-item (group g, local id l) of work-groups of G sums
// `per_item` floats: elements e = g G per_item + l + k G, k = 0 ... per_item - 1, of a strided view
// of `in` whose element e is in[e * stride]. At each step k the work-group reads G neighbouring
// elements of the view: neighbouring floats at stride 1 (coalesced loads), one float in `stride`
// otherwise.
__kernel void strided_read(__global const float* in, __global float* out, const uint stride, const uint per_item)
{
    const size_t group = get_local_size(0);
    size_t e = get_group_id(0) * group * per_item + get_local_id(0);
    float sum = 0.0f;
    for (uint k = 0; k < per_item; ++k, e += group)
        sum += in[e * stride];
    out[get_global_id(0)] = sum;
}

__kernel void local_read(__global const float4* in, __global float* out, const int rounds)
{
    __local float4 copy[TILE];
    const int me = get_local_id(0);
    if (me == 0)  // the whole block copied by work-item 0 alone
        for (int k = 0; k < TILE; ++k)
            copy[k] = in[get_group_id(0) * TILE + k];
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 sum = (float4)(0.0f);
    for (int r = 0; r < rounds; ++r)
        for (int j = 0; j < TILE; ++j)
            sum += copy[(me + j) & (TILE - 1)];
    out[get_global_id(0)] = dot(sum, (float4)(1.0f));
}
