// Exercise 13, part 2, another shape: the flat index from a helper, the face test as "a neighbour
// is missing", and the six neighbours added by a loop over the three axes.
size_t flat(uint x, uint y, uint z, uint nx, uint ny)
{
    return ((size_t)z * ny + y) * nx + x;
}

__kernel void smooth(__global const float* in, __global float* out, uint nx, uint ny, uint nz, float w)
{
    const uint c[3] = {get_global_id(0), get_global_id(1), get_global_id(2)};
    const uint n[3] = {nx, ny, nz};
    bool inner = true;
    for (int d = 0; d < 3; ++d) {
        if (c[d] >= n[d])
            return;
        inner = inner && c[d] > 0 && c[d] + 1 < n[d];
    }
    const size_t here = flat(c[0], c[1], c[2], nx, ny);
    if (!inner) {
        out[here] = in[here];
        return;
    }
    const size_t stride[3] = {1, nx, (size_t)nx * ny};
    float sum = in[here];
    for (int d = 0; d < 3; ++d)
        sum += in[here - stride[d]] + in[here + stride[d]];
    out[here] = sum * w;
}
