// Exercise 22, part 2, another shape: the warp from the row the work-item is on and its place in it,
// and the path chosen once with the select operator.
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

__kernel void by_warp(__global const float* in, __global float* out, uint width, uint height, uint steps, uint warp)
{
    const uint x = get_global_id(0), y = get_global_id(1);
    const uint rowStart = get_local_id(1) * get_local_size(0);  // work-items of the rows above
    const uint myWarp = (rowStart + get_local_id(0)) / warp;
    if (x < width && y < height) {
        const uint e = x + y * width;
        out[e] = (myWarp & 1u) ? path_b(in[e], steps) : path_a(in[e], steps);
    }
}
