// Exercise 22, part 2: the warps of a 2D work-group. Element (x, y) of a width x height grid,
// e = y * width + x, is path_a(in[e]) or path_b(in[e]): which one, each kernel decides by another rule
// on its work-item's place in the work-group. The host rounds the NDRange up to whole work-groups;
// work-items past the grid do nothing. Only fma() is used (correctly rounded here as in C++), so
// the serial reference matches every element exactly.

float path_a(float v, uint steps)
{
    for (uint k = 0; k < steps; ++k) {
        v = fma(v, 0.75f, 0.25f);
        v = fma(v, -0.5f, 1.5f);
    }
    return v;
}

float path_b(float v, uint steps)
{
    float w = 1.0f;
    for (uint k = 0; k < steps; ++k) {
        w = fma(w, 0.5f, v);
        v = fma(w, -0.25f, 1.0f);
    }
    return v + w;
}

// Given: the branch on the work-item's column in its work-group, get_local_id(0) % 2.
__kernel void by_column(__global const float* in, __global float* out, uint width, uint height, uint steps,
                        uint warp)
{
    const uint x = get_global_id(0), y = get_global_id(1);
    if (x >= width || y >= height)
        return;
    const uint e = y * width + x;
    if (get_local_id(0) % 2 == 0)
        out[e] = path_a(in[e], steps);
    else
        out[e] = path_b(in[e], steps);
}

// Given: the branch on the work-item's row in its work-group, get_local_id(1) % 2.
__kernel void by_row(__global const float* in, __global float* out, uint width, uint height, uint steps, uint warp)
{
    const uint x = get_global_id(0), y = get_global_id(1);
    if (x >= width || y >= height)
        return;
    const uint e = y * width + x;
    if (get_local_id(1) % 2 == 0)
        out[e] = path_a(in[e], steps);
    else
        out[e] = path_b(in[e], steps);
}

// Correct, in another shape: the linear index with mad24, the warp's parity from its lowest bit.
__kernel void by_warp(__global const float* in, __global float* out, uint width, uint height, uint steps, uint warp)
{
    const uint x = get_global_id(0), y = get_global_id(1);
    const uint linear = mad24((uint)get_local_id(1), (uint)get_local_size(0), (uint)get_local_id(0));
    const bool odd = ((linear / warp) & 1u) != 0;
    if (x < width && y < height) {
        const uint e = mad24(y, width, x);
        out[e] = odd ? path_b(in[e], steps) : path_a(in[e], steps);
    }
}
