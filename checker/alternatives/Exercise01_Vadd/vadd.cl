// A correct vadd written differently from the course's (checker: it must PASS Exercise 01's
// tests): a grid-stride loop, so each work-item adds every get_global_size(0)-th element from its
// own on, and other names. It relies on nothing but the kernel's arguments.
__kernel void vadd(__global const float* x, __global const float* y, __global float* sum, const int length)
{
    for (int e = get_global_id(0); e < length; e += get_global_size(0))
        sum[e] = x[e] + y[e];
}
