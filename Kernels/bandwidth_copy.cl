// Memory bandwidth: out = in, one float per work-item - the practical peak that streaming kernels
// such as vadd are measured against (the same shape as vadd, with one input fewer).
__kernel void copy_float(__global const float* in, __global float* out, const int n)
{
    const int i = get_global_id(0);
    if (i < n)
        out[i] = in[i];
}
