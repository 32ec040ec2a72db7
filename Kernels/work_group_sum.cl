// The work-group's sum as a tree in local memory (sequential addressing), shared by Exercise 10's
// pi.cl and Exercise 16's reduce.cl: each includes this file (#include "work_group_sum.cl", which
// hoc::readKernelFile replaces with this text). Each work-item puts `mine` in scratch, then in each
// round the lower half of the active work-items adds the upper half's values, with a barrier after
// each round. The active work-items stay contiguous and read consecutive addresses (on a GPU whole
// warps finish early), and each value goes through log2(size) additions, not size. Any work-group
// size works: the tree starts at the largest power of two below the size, and a partner past the end
// is skipped. Every work-item returns the sum (scratch[0]).
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
