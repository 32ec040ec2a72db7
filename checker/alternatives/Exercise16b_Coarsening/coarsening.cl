// Exercise 16b written differently: the coarsened kernel interleaved, not adjacent. Work-item g takes
// elements g, g + G, g + 2G, ... (G: the NDRange): at each step of its loop, neighbouring work-items
// take neighbouring elements (the order a GPU coalesces). Every element below n is some g + kG with
// g < G and k < PER_ITEM, since G x PER_ITEM >= n.

__kernel void scale(__global const float* in, __global float* out, float scale, uint n)
{
    const size_t i = get_global_id(0);
    if (i < n)
        out[i] = scale * in[i];
}

__kernel void scale_coarse(__global const float* in, __global float* out, float scale, uint n)
{
    const size_t stride = get_global_size(0);
    size_t i = get_global_id(0);
    for (uint k = 0; k < PER_ITEM && i < n; ++k, i += stride)
        out[i] = scale * in[i];
}
