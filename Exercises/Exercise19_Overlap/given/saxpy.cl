// Exercise 19: SAXPY on one chunk, Y = a X + Y, done `rounds` times per element so that a kernel
// can be made to take as long as the copies around it (one round is a plain SAXPY).
// The host gives each chunk its own buffers (slots), so `count` is the chunk's length.
__kernel void saxpy(const float a,
                    __global const float* x,
                    __global float* y,
                    const int rounds,
                    const int count)
{
    const int i = get_global_id(0);
    if (i < count) {
        const float xi = x[i];
        float yi = y[i];
        for (int r = 0; r < rounds; r++)
            yi = a * xi + yi;
        y[i] = yi;
    }
}
