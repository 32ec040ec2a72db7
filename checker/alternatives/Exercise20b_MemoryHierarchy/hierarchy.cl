// A correct Exercise 20b written differently from the course's (checker: it must PASS the
// exercise's tests): the block is copied into local memory once, not twice, and each round reads it
// with the index wrapped round (TILE is a power of two), four float4s per step into four sums, which
// do not wait for each other's additions (on a CPU, where one chain of additions is what limits the
// course's kernel, the README measures the difference); the rounds are counted down.
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
    __local float4 block[TILE];
    const size_t first = get_group_id(0) * TILE;
    for (size_t k = get_local_id(0); k < TILE; k += get_local_size(0))
        block[k] = in[first + k];
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint me = (uint)get_local_id(0);
    float4 s0 = (float4)(0.0f), s1 = s0, s2 = s0, s3 = s0;
    for (int r = rounds; r > 0; --r)
        for (uint j = 0; j < TILE; j += 4) {
            s0 += block[(me + j) % TILE];
            s1 += block[(me + j + 1) % TILE];
            s2 += block[(me + j + 2) % TILE];
            s3 += block[(me + j + 3) % TILE];
        }
    const float4 sum = (s0 + s1) + (s2 + s3);
    out[get_global_id(0)] = (sum.x + sum.y) + (sum.z + sum.w);
}
