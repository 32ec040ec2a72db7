// A correct vadd3 written differently from the course's (checker: it must PASS Exercise 03's
// tests): a grid-stride loop over the elements, other names, and the two additions written as two
// statements in the reference's order ((x + y) + z, so the float result is the same).
__kernel void vadd3(__global const float* x, __global const float* y, __global const float* z,
                    __global float* out, const int length)
{
    const int stride = get_global_size(0);
    for (int e = get_global_id(0); e < length; e += stride) {
        float partial = x[e] + y[e];
        partial += z[e];
        out[e] = partial;
    }
}
