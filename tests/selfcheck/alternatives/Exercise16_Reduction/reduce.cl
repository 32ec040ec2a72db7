// A correct step 2 written differently from the course's (tests/selfcheck: it must PASS Exercise 16's
// reduce_sequential tests, the only kernel of this file): a tree that halves the active count
// rounding up, (active + 1) / 2, instead of starting at the largest power of two below the size,
// so any work-group size works without a partner check of its own.
__kernel void reduce_sequential(__global const float* in, const ulong n, __local float* partial,
                                __global float* out)
{
    const size_t g = get_global_id(0);
    const int me = get_local_id(0);
    partial[me] = g < n ? in[g] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int active = get_local_size(0); active > 1;) {
        const int upper = (active + 1) / 2;  // the first index of the upper part
        if (me + upper < active)
            partial[me] += partial[me + upper];
        active = upper;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (me == 0)
        out[get_group_id(0)] = partial[0];
}
