// Exercise A: step 4 of pi.cl (Exercise 10's kernel pi, the tree design) with WIDTH steps at a time in a vector.
// The host builds pi.cl followed by this file, with -D WIDTH=4 or -D WIDTH=8 (2 and 16 work too),
// so kahan_add and work_group_sum from pi.cl can be used here, and `floatn` below is float4 or float8.
#ifndef WIDTH
#define WIDTH 4
#endif
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
typedef CAT(float, WIDTH) floatn;  // float4 for WIDTH 4
#define vloadn CAT(vload, WIDTH)   // vload4 for WIDTH 4

__constant float lane_offsets[16] = {0.5f, 1.5f, 2.5f,  3.5f,  4.5f,  5.5f,  6.5f,  7.5f,
                                     8.5f, 9.5f, 10.5f, 11.5f, 12.5f, 13.5f, 14.5f, 15.5f};

// Same arguments and result as pi() in pi.cl; the host makes niters a multiple of WIDTH. Each
// vector lane keeps its own run sum and compensated sum (WIDTH independent additions per
// iteration instead of one chain), and the lanes are added at the end.
__kernel void pi_vector(const ulong nsteps, const uint niters, const float step,
                        __local float* scratch, __global float* group_sums)
{
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = first < nsteps ? (uint)min((ulong)niters, nsteps - first) : 0;
    const uint full = count / WIDTH * WIDTH;  // steps that fill whole vectors
    const float base = (float)first * step;

    floatn offset = vloadn(0, lane_offsets);  // j + 0.5 for the steps j in this vector
    floatn sum = 0.0f, carry = 0.0f;
    for (uint j0 = 0; j0 < full; j0 += 32 * WIDTH) {
        const uint run_end = min(j0 + 32 * WIDTH, full);  // runs of 32 steps per lane
        floatn run_sum = 0.0f;
        for (uint j = j0; j < run_end; j += WIDTH) {
            const floatn x = base + offset * step;
            run_sum += 4.0f / (1.0f + x * x);
            offset += (float)WIDTH;
        }
        const floatn y = run_sum - carry;  // kahan_add, lane by lane
        const floatn t = sum + y;
        carry = (t - sum) - y;
        sum = t;
    }
    floatn total = sum - carry;
    if (full < count) {  // the last 1 to WIDTH-1 steps: lanes past the end add nothing
        const floatn x = base + offset * step;
        total += select((floatn)0.0f, 4.0f / (1.0f + x * x), offset < (float)count);
    }

    float mine = 0.0f;
    for (int lane = 0; lane < WIDTH; lane++)
        mine += ((float*)&total)[lane];
    const float group_total = work_group_sum(mine, scratch);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = group_total;
}
