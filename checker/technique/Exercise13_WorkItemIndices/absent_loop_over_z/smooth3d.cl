// A 2D kernel in a 3D NDRange: each work-item takes a column (x, y) and loops over every z itself,
// ignoring dimension 2. Its values are right (every work-item of a column writes the same ones).
__kernel void smooth(__global const float* in, __global float* out, uint nx, uint ny, uint nz, float w)
{
    const uint x = get_global_id(0), y = get_global_id(1);
    if (x >= nx || y >= ny)
        return;
    const size_t row = nx, plane = (size_t)nx * ny;
    for (uint z = 0; z < nz; ++z) {
        const size_t i = z * plane + y * row + x;
        if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
            out[i] = in[i];
            continue;
        }
        out[i] = w * (in[i] + in[i - 1] + in[i + 1] + in[i - row] + in[i + row] + in[i - plane] + in[i + plane]);
    }
}
