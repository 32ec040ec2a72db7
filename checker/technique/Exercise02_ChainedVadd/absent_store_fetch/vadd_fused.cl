// The chain's three additions in one kernel, each partial sum stored into F and fetched back.
__kernel void vadd_fused(__global const float* a,
                         __global const float* b,
                         __global const float* e,
                         __global const float* g,
                         __global float* f,
                         const int count)
{
    const int i = get_global_id(0);
    if (i < count) {
        f[i] = a[i] + b[i];
        f[i] = f[i] + e[i];
        f[i] = f[i] + g[i];
    }
}
