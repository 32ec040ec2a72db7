// Exercise 3: D = A + B + C.
// This is Exercise 1's kernel. TODO: write a kernel vadd3 that takes a, b and c as inputs and
// writes d[i] = a[i] + b[i] + c[i] (add in that order), then use it from vadd3.cpp.
__kernel void vadd(__global const float* a,
                   __global const float* b,
                   __global float* c,
                   const int count)
{
    const int i = get_global_id(0);
    if (i < count)
        c[i] = a[i] + b[i];
}
