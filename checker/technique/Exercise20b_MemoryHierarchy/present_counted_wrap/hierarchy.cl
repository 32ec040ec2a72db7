// Technique present (checker/technique): local_read with a while loop for the copy and an index
// wrapped by a comparison, the lanes added with dot. It must pass.
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

// Step 2. Local memory read over and over. Work-group g copies its block of `in`, the float4s
// g TILE ... g TILE + TILE - 1, into local memory once; then each of its work-items reads the whole
// block from local memory `rounds` times, each round starting at its own float4, so that at every
// step neighbouring work-items read neighbouring float4s, and writes what it read, summed, its four
// lanes added.
__kernel void local_read(__global const float4* in, __global float* out, const int rounds)
{
    __local float4 block[TILE];
    const int me = (int)get_local_id(0);
    const int many = (int)get_local_size(0);
    __global const float4* mine = in + get_group_id(0) * TILE;
    int j = me;
    while (j < TILE) {
        block[j] = mine[j];
        j += many;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 acc = (float4)(0.0f);
    for (int r = rounds; r > 0; --r) {
        int idx = me;
        for (int step = 0; step < TILE; ++step) {
            acc += block[idx];
            if (++idx == TILE)
                idx = 0;
        }
    }
    out[get_global_id(0)] = dot(acc, (float4)(1.0f));
}
