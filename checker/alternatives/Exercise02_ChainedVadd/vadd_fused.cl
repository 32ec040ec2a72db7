// Exercise 2, part 3, another shape: a loop that strides by the whole NDRange, so a work-item takes
// every get_global_size(0)-th element from its own on, and one running sum held in a register.
__kernel void vadd_fused(__global const float* a,
                         __global const float* b,
                         __global const float* e,
                         __global const float* g,
                         __global float* f,
                         const int count)
{
    for (int i = get_global_id(0); i < count; i += get_global_size(0)) {
        float sum = a[i];
        sum += b[i];
        sum += e[i];
        sum += g[i];
        f[i] = sum;
    }
}
