// Technique absent (checker/technique): step 2 right in value, but work-item 0 counts the whole chunk
// into the local bins alone, with local atomics: one per byte, as the lesson's, while the other
// work-items of the group wait at the barrier. group_histogram (steps 3 and 4) the same way.
// Exercise 18: a histogram of bytes (BINS = 256 bins, one per value), four ways. Each work-group
// counts one chunk of `chunk` consecutive bytes (the last chunk may be shorter); its work-items
// step through the chunk a work-group apart, so neighbours read neighbouring bytes.
//
// The work-group's index is counted from global ids, get_global_id(0) / get_local_size(0), not
// with get_group_id(0): the host can then launch one work-group at a time with a global offset, in
// any order it likes (what a device is free to do), and every group keeps its number and chunk.
#define BINS 256

inline uint group_index(void) { return (uint)(get_global_id(0) / get_local_size(0)); }

// 1. Global atomics: every byte is one atomic increment of its bin in global memory.
__kernel void histogram_global(__global const uchar* in, uint n, uint chunk, __global uint* bins)
{
    const uint begin = group_index() * chunk;
    const uint end = min(begin + chunk, n);
    uint i = begin + get_local_id(0);
    while (i < end) {
        atomic_add(&bins[in[i]], 1u);
        i += get_local_size(0);
    }
}

// 2. Local atomics: the work-group counts into its own bins in local memory, then adds them to the
//    global bins, one atomic_add per bin instead of one atomic_inc per byte.
__kernel void histogram_local(__global const uchar* in, uint n, uint chunk, __global uint* bins)
{
    __local uint counts[BINS];
    for (int b = BINS - 1 - (int)get_local_id(0); b >= 0; b -= (int)get_local_size(0))
        counts[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint begin = group_index() * chunk;
    const uint end = min(begin + chunk, n);
    if (get_local_id(0) == 0)
        for (uint i = begin; i < end; ++i)
            atomic_inc(&counts[in[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = BINS - 1 - (int)get_local_id(0); b >= 0; b -= (int)get_local_size(0))
        if (counts[b] != 0)
            atomic_add(&bins[b], counts[b]);
}

// The work-group's histogram into its own row of `partial` (groups x BINS): no other group writes
// there, so no atomics are needed in global memory. Used by steps 3 and 4.
inline void group_histogram(__global const uchar* in, uint n, uint chunk, __global uint* partial,
                            __local uint* local_bins)
{
    for (uint b = get_local_id(0); b < BINS; b += get_local_size(0))
        local_bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint begin = group_index() * chunk;
    const uint end = min(begin + chunk, n);
    if (get_local_id(0) == 0)
        for (uint i = begin; i < end; ++i)
            atomic_inc(&local_bins[in[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    __global uint* row = partial + (size_t)group_index() * BINS;
    for (uint b = get_local_id(0); b < BINS; b += get_local_size(0))
        row[b] = local_bins[b];
}

// 3. WRONG, on purpose: the last work-group adds up every group's row, assuming the others have
//    finished. Nothing in OpenCL makes them: work-groups run in any order, and a barrier (even with
//    CLK_GLOBAL_MEM_FENCE) waits for the work-items of one work-group only.
__kernel void histogram_last_group(__global const uchar* in, uint n, uint chunk, uint groups,
                                   __global uint* partial, __global uint* bins)
{
    __local uint local_bins[BINS];
    group_histogram(in, n, chunk, partial, local_bins);
    barrier(CLK_GLOBAL_MEM_FENCE);  // orders this group's writes for this group only
    if (group_index() == groups - 1)
        for (uint b = get_local_id(0); b < BINS; b += get_local_size(0)) {
            uint sum = 0;
            for (uint g = 0; g < groups; ++g)
                sum += partial[g * BINS + b];  // another group's row: written yet? nobody knows
            bins[b] = sum;
        }
}

// 4. Two kernels: the end of a kernel is the only barrier between all work-groups. The first
//    kernel leaves one row per group; the second, launched after it in the in-order queue, adds
//    the rows up, one work-item per bin.
__kernel void histogram_partial(__global const uchar* in, uint n, uint chunk, __global uint* partial)
{
    __local uint local_bins[BINS];
    group_histogram(in, n, chunk, partial, local_bins);
}

__kernel void histogram_merge(__global const uint* partial, uint groups, __global uint* bins)
{
    const uint b = get_global_id(0);
    if (b >= BINS)
        return;
    __global const uint* p = partial + b;
    uint sum = 0;
    for (uint g = groups; g > 0; --g, p += BINS)
        sum += *p;
    bins[b] = sum;
}
