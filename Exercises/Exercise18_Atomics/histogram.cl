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
    // TODO (step 1): for each byte of this work-group's chunk (begin = group_index() * chunk, up to
    //       min(begin + chunk, n)), the work-items a work-group apart, count the byte in its bin with
    //       one of OpenCL's atomic functions: a plain increment loses counts when two work-items hit
    //       one bin at once.
}

// 2. Local atomics: the work-group counts into its own bins in local memory, then adds them to the
//    global bins, one atomic_add per bin instead of one atomic_inc per byte.
__kernel void histogram_local(__global const uchar* in, uint n, uint chunk, __global uint* bins)
{
    // TODO (step 2): count into BINS bins of local memory instead: they start undefined, so they are
    //       set to 0 first (by the work-items together), counted into with atomics as in step 1, and
    //       merged into the global bins at the end (atomic_add, one per non-zero bin). The work-items
    //       of the group must all be done with one phase before any starts the next.
}

// The work-group's histogram into its own row of `partial` (groups x BINS): no other group writes
// there, so no atomics are needed in global memory. Used by steps 3 and 4.
inline void group_histogram(__global const uchar* in, uint n, uint chunk, __global uint* partial,
                            __local uint* local_bins)
{
    // TODO (steps 3 and 4): as step 2, but the merge stores the group's bins into its own row of
    //       `partial` (row group_index(), BINS long), with plain stores: no other group writes there.
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
    // TODO (step 4): one work-item per bin b (skip b >= BINS): bins[b] = the sum of bin b's count
    //       in each of the `groups` rows of partial (row g is work-group g's BINS counts, as step 3
    //       writes them). The first kernel has finished: its end is the barrier between all work-groups.
}

// Step 4 of the README, a question about step 3 before you write histogram_merge: which of the
// README's four answers (1 to 4) says why no barrier or fence inside histogram_last_group can make it
// right? Your answer (0: not made yet); the tests check it.
#define STEP4_ANSWER 0

// Given: hands STEP4_ANSWER to the tests.
__kernel void step4_answer(__global uint* answer)
{
    answer[0] = STEP4_ANSWER;
}
