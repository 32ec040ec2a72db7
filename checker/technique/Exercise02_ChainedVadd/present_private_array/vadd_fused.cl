// Fused, in another shape: the inputs gathered into a private array and added in a loop, in the
// chain's order; only F is written to global memory.
__kernel void vadd_fused(__global const float* a,
                         __global const float* b,
                         __global const float* e,
                         __global const float* g,
                         __global float* f,
                         const int count)
{
    const int i = get_global_id(0);
    if (i >= count)
        return;
    const float terms[4] = {a[i], b[i], e[i], g[i]};
    float sum = terms[0];
    for (int t = 1; t < 4; ++t)
        sum += terms[t];
    f[i] = sum;
}
