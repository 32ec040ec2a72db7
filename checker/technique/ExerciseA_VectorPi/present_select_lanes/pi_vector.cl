// Technique present (checker/technique): pi_vector in another shape than the solution's, written
// from the starter: the lanes past the last step cut by select(), a compensated sum per lane.
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
    // WIDTH neighbouring steps per vector: x = left + (j + lane + 0.5) * step; the lanes past the last
    // step give 0 through select(); each lane keeps a compensated sum of its terms.
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = first >= nsteps ? 0 : (uint)min((ulong)niters, nsteps - first);
    const float left = (float)first * step;
    const floatn offsets = vloadn(0, lane_offsets);
    floatn total = (floatn)(0.0f), lost = (floatn)(0.0f);
    for (uint j = 0; j < count; j += WIDTH) {
        const floatn x = left + (offsets + (float)j) * step;
        floatn term = 4.0f / (1.0f + x * x);
        const floatn lane = offsets - 0.5f;  // 0, 1, 2, ...
        term = select((floatn)(0.0f), term, CAT(convert_int, WIDTH)(lane) < (int)(count - j));
        const floatn y = term - lost;
        const floatn t = total + y;
        lost = (t - total) - y;
        total = t;
    }
    float lanes[WIDTH];
    CAT(vstore, WIDTH)(total - lost, 0, lanes);
    float mine_sum = 0.0f;
    for (int l = 0; l < WIDTH; ++l)
        mine_sum += lanes[l];
    const float sum = work_group_sum(mine_sum, scratch);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = sum;
}
