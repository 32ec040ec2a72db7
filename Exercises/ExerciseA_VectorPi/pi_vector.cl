// Exercise A: step 4 of pi.cl (Exercise 10's kernel pi, the tree design) with WIDTH steps at a time in a vector.
// The host builds pi.cl followed by this file, with -D WIDTH=4 or -D WIDTH=8 (2 and 16 work too),
// so the functions you wrote in pi.cl can be used here, and `floatn` below is float4 or float8.
#ifndef WIDTH
#define WIDTH 4
#endif
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
typedef CAT(float, WIDTH) floatn;  // float4 for WIDTH 4
#define vloadn CAT(vload, WIDTH)   // vload4 for WIDTH 4

__constant float lane_offsets[16] = {0.5f, 1.5f, 2.5f,  3.5f,  4.5f,  5.5f,  6.5f,  7.5f,
                                     8.5f, 9.5f, 10.5f, 11.5f, 12.5f, 13.5f, 14.5f, 15.5f};

// Same arguments and result as pi() in pi.cl; the host makes niters a multiple of WIDTH.
__kernel void pi_vector(const ulong nsteps, const uint niters, const float step,
                        __local float* scratch, __global float* group_sums)
{
    // TODO 1. Start from your pi() kernel. Unroll its loop WIDTH times (steps j, j+1, ...) and
    //         check that the program still gives the same answer.
    // TODO 2. Replace the unrolled statements with floatn ones: vloadn(0, lane_offsets) gives
    //         (0.5, 1.5, 2.5, ...), the "+ 0.5" offsets of WIDTH neighbouring steps.
    // TODO 3. The last work-item's steps may not fill its last vector: leave out the lanes
    //         past the end (select() or a scalar loop).
    // TODO 4. Add the lanes of your sum, then reduce over the work-group as in pi().
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = 0.0f;
}
