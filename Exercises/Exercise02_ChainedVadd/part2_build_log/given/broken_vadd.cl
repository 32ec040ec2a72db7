// Exercise 2, part 2: a kernel that does not compile, on purpose. The addition below reads b[j],
// and there is no j: the compiler's build log names this file's line and column, and shows the line.
__kernel void vadd(__global const float* a, __global const float* b, __global float* c, const int count)
{
    const int i = get_global_id(0);
    if (i < count)
        c[i] = a[i] + b[j];
}
