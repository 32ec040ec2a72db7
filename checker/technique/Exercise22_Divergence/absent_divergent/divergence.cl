// Technique absent (checker/technique): the given divergent kernel's body in grouped; span unused.
// Exercise 22: the same work, branched two ways.
// Element e of `out` is path_a(in[e]) when e is even and path_b(in[e]) when e is odd: two different
// loops of `steps` rounds, two dependent multiply-adds each. Only fma() is used: it is correctly
// rounded in OpenCL C as in C++ (std::fma), so the serial reference matches every element exactly.

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

// Step 1 (given): work-item e computes element e. Neighbouring work-items take different paths, so
// every warp (wavefront) holds both: it runs path_a with the odd lanes masked off, then path_b with
// the even ones masked off.
__kernel void divergent(__global const float* in, __global float* out, uint n, uint steps)
{
    const uint e = get_global_id(0);
    if (e >= n)
        return;
    if (e % 2 == 0)
        out[e] = path_a(in[e], steps);
    else
        out[e] = path_b(in[e], steps);
}

// Step 2: the same elements, the same paths, but the branch is taken by blocks of `span`
// consecutive work-items: block 0 takes the first `span` even elements, block 1 the first `span`
// odd ones, block 2 the next `span` even ones, ... With `span` a multiple of the warp, every warp
// takes one path only.
__kernel void grouped(__global const float* in, __global float* out, uint n, uint steps, uint span)
{
    const uint e = get_global_id(0);
    if (e >= n)
        return;
    if (e % 2 == 0)
        out[e] = path_a(in[e], steps);
    else
        out[e] = path_b(in[e], steps);
}
