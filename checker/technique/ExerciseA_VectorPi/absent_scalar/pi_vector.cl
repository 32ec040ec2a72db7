// Technique absent (checker/technique): pi_vector as Exercise 10's scalar pi, one step at a time;
// no vector arithmetic.
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
    const ulong first = (ulong)get_global_id(0) * niters;
    const uint count = first < nsteps ? (uint)min((ulong)niters, nsteps - first) : 0;
    const float base = (float)first * step;  // x at the left edge of this work-item's first step

    float sum = 0.0f, carry = 0.0f;
    float offset = 0.5f;  // j + 0.5 for step j of this work-item: exact in a float below 2^23
    for (uint j0 = 0; j0 < count; j0 += 32) {
        const uint run = min(32u, count - j0);
        float run_sum = 0.0f;
        for (uint j = 0; j < run; j++) {
            const float x = base + offset * step;
            run_sum += 4.0f / (1.0f + x * x);
            offset += 1.0f;
        }
        kahan_add(&sum, &carry, run_sum);
    }

    const float total = work_group_sum(sum - carry, scratch);
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = total;
}
