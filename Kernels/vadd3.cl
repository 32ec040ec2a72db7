// Exercise 3: D = A + B + C, one work-item per element. (A + B) + C, the order the reference uses.
__kernel void vadd3(__global const float* a,
                    __global const float* b,
                    __global const float* c,
                    __global float* d,
                    const int count)
{
    const int i = get_global_id(0);
    if (i < count)
        d[i] = a[i] + b[i] + c[i];
}
