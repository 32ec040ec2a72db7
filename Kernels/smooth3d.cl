// Exercise 13, part 2: one smoothing step on a 3D grid of nx x ny x nz floats, stored as C stores
// float grid[nz][ny][nx]: x fastest, then y, then z (row-major, the layout of 004's quiz "C 3D Array
// Memory Layout"). Work-item (x, y, z) of a 3D NDRange, dimension 0 = x, 1 = y, 2 = z, computes
// cell (x, y, z): the cells on the grid's faces are copied unchanged; an inner cell becomes w times
// the sum of itself and its six neighbours (w = 1/7: their mean). The host rounds the NDRange up
// to whole work-groups in each dimension; the work-items past the grid do nothing.
__kernel void smooth(__global const float* in, __global float* out, uint nx, uint ny, uint nz, float w)
{
    const uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    if (x >= nx || y >= ny || z >= nz)
        return;
    const size_t row = nx, plane = (size_t)nx * ny;  // the strides of y and z
    const size_t i = z * plane + y * row + x;
    const bool face = x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1;
    float value = in[i];  // a cell on a face keeps its value
    if (!face) {
        float sum = value;
        sum += in[i - 1];
        sum += in[i + 1];
        sum += in[i - row];
        sum += in[i + row];
        sum += in[i - plane];
        sum += in[i + plane];
        value = w * sum;
    }
    out[i] = value;
}
