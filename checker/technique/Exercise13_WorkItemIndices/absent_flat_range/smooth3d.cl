// A 1D kernel: the cell cut out of get_global_id(0) alone (x, y and z by division), as for a range of
// nx * ny * nz work-items in one dimension. Given the 3D range, it computes the wrong cells.
__kernel void smooth(__global const float* in, __global float* out, uint nx, uint ny, uint nz, float w)
{
    const size_t id = get_global_id(0);
    if (id >= (size_t)nx * ny * nz)
        return;
    const uint x = id % nx, y = id / nx % ny, z = id / ((size_t)nx * ny);
    const size_t row = nx, plane = (size_t)nx * ny;
    const size_t i = id;
    if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
        out[i] = in[i];
        return;
    }
    out[i] = w * (in[i] + in[i - 1] + in[i + 1] + in[i - row] + in[i + row] + in[i - plane] + in[i + plane]);
}
