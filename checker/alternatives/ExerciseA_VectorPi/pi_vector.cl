// A correct pi_vector written differently from the course's (checker: it must PASS Exercise
// A's tests). The host builds pi.cl first, then this file, with -D WIDTH=2, 4, 8 or 16. Here each
// vector's x comes from a vector of lane numbers made by a conversion (no table), the runs are 16
// vectors long into a per-lane compensated sum, the steps that do not fill a whole vector are added
// by a scalar loop, and the lanes are added after a vstore into a private array.
#ifndef WIDTH
#define WIDTH 4
#endif
#define GLUE_(a, b) a##b
#define GLUE(a, b) GLUE_(a, b)
typedef GLUE(float, WIDTH) vec;
typedef GLUE(int, WIDTH) ivec;
#define to_vec GLUE(convert_float, WIDTH)
#define store_vec GLUE(vstore, WIDTH)

__kernel void pi_vector(const ulong nsteps, const uint niters, const float step, __local float* scratch,
                        __global float* group_sums)
{
    const ulong first = (ulong)get_global_id(0) * niters;
    uint count = 0;
    if (first < nsteps)
        count = nsteps - first < (ulong)niters ? (uint)(nsteps - first) : niters;
    const uint vectors = count / WIDTH;
    const float left = (float)first * step;
#if WIDTH == 2
    const ivec lanes = (ivec)(0, 1);
#elif WIDTH == 4
    const ivec lanes = (ivec)(0, 1, 2, 3);
#elif WIDTH == 8
    const ivec lanes = (ivec)(0, 1, 2, 3, 4, 5, 6, 7);
#else
    const ivec lanes = (ivec)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
#endif
    const vec half_lanes = to_vec(lanes) + 0.5f;  // lane + 0.5
    vec total = (vec)(0.0f), lost = (vec)(0.0f);
    for (uint v0 = 0; v0 < vectors; v0 += 16) {
        const uint v1 = vectors - v0 < 16 ? vectors : v0 + 16;
        vec run = (vec)(0.0f);
        for (uint v = v0; v < v1; ++v) {
            const vec x = left + ((float)(v * WIDTH) + half_lanes) * step;  // v * WIDTH below 2^23: exact
            run += 4.0f / (1.0f + x * x);
        }
        const vec y = run - lost;
        const vec t = total + y;
        lost = (t - total) - y;
        total = t;
    }
    float lanes_out[WIDTH];
    store_vec(total - lost, 0, lanes_out);
    float mine = 0.0f;
    for (int l = 0; l < WIDTH; ++l)
        mine += lanes_out[l];
    for (uint j = vectors * WIDTH; j < count; ++j) {
        const float x = left + ((float)j + 0.5f) * step;
        mine += 4.0f / (1.0f + x * x);
    }
    const float group = work_group_sum(mine, scratch);  // pi.cl's tree, built before this file
    if (get_local_id(0) == 0)
        group_sums[get_group_id(0)] = group;
}
