// Exercise 1: C = A + B, one work-item per element.
// The host rounds the global size up to whole work-groups, so work-items past the end do nothing.
__kernel void vadd(__global const float* a,
                   __global const float* b,
                   __global float* c,
                   const int count)
{
    const int i = get_global_id(0);
    // planted bug: no bounds check
        c[i] = a[i] + b[i];
}
