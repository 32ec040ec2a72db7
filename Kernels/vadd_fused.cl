// Exercise 2, part 3: F = ((A + B) + E) + G in one kernel. Each work-item reads its element of the
// four inputs once and writes F once; the two partial sums stay in private variables (registers),
// never in global memory, and are added in the chain's order, so F has the chain's bits.
__kernel void vadd_fused(__global const float* a,
                         __global const float* b,
                         __global const float* e,
                         __global const float* g,
                         __global float* f,
                         const int count)
{
    const int i = get_global_id(0);
    if (i < count) {
        const float c = a[i] + b[i];
        const float d = c + e[i];
        f[i] = d + g[i];
    }
}
