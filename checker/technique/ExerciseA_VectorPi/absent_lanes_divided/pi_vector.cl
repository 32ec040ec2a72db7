// Technique absent (checker/technique): pi_vector with its steps' x in a floatn, as step 2 begins,
// but 4 / (1 + x * x) worked out lane by lane: WIDTH scalar divisions per vector of steps.
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
    const floatn offs = vloadn(0, lane_offsets);
    floatn acc = (floatn)(0.0f);
    for (uint j = 0; j < niters; j += WIDTH) {
        const ulong s0 = first + j;
        if (s0 >= nsteps) break;
        const floatn x = (convert_float((uint)s0) + offs) * step;
        float xs[WIDTH], vs[WIDTH];
        CAT(vstore, WIDTH)(x, 0, xs);
        for (int l = 0; l < WIDTH; ++l)  // the division lane by lane: WIDTH scalar divisions
            vs[l] = 4.0f / (1.0f + xs[l] * xs[l]);
        floatn v = vloadn(0, vs);
        if (s0 + WIDTH > nsteps) {
            const floatn idx = convert_float((uint)s0) + offs - 0.5f;
            v = select(v, (floatn)(0.0f), isgreaterequal(idx, (floatn)((float)nsteps)));
        }
        acc += v;
    }
    float lanes[WIDTH];
    CAT(vstore, WIDTH)(acc, 0, lanes);
    float mine = 0.0f;
    for (int l = 0; l < WIDTH; ++l) mine += lanes[l];
    const uint lid = get_local_id(0);
    scratch[lid] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint active = get_local_size(0); active > 1;) {
        const uint upper = (active + 1) / 2;
        if (lid + upper < active) scratch[lid] += scratch[lid + upper];
        barrier(CLK_LOCAL_MEM_FENCE);
        active = upper;
    }
    if (lid == 0) group_sums[get_group_id(0)] = scratch[0];
}
