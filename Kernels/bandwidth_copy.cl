// Bandwidth: out = in, one float per work-item. Nothing is computed, so the time is the time to
// read and write global memory: 8 bytes per element. The global size is rounded up to whole
// work-groups; work-items past the end do nothing.
__kernel void copy_float(__global const float* in, __global float* out, const int n)
{
    const int i = get_global_id(0);
    if (i < n)
        out[i] = in[i];
}
