// Exercise 14: two small kernels to chain with events.

// produce: y = x plus a pseudo-random offset in [0, 1) that takes `rounds` steps of a linear
// congruential generator to compute. More rounds, more time; the result does not depend on the
// device (integer steps, one exactly rounded float addition), so the host can check every bit.
__kernel void produce(__global const float* x, __global float* y, const int rounds, const int count)
{
    const int i = get_global_id(0);
    if (i < count) {
        uint v = as_uint(x[i]);
        for (int r = 0; r < rounds; r++)
            v = v * 1664525u + 1013904223u;
        y[i] = x[i] + (float)(v >> 8) * (1.0f / 16777216.0f);
    }
}

// add: c = a + b.
__kernel void add(__global const float* a, __global const float* b, __global float* c, const int count)
{
    const int i = get_global_id(0);
    if (i < count)
        c[i] = a[i] + b[i];
}
