// Correct, in another shape: the cell's coordinates as an int3, the neighbours' offsets from the
// grid's strides, and the face test folded into one flag that picks the value written.
__kernel void smooth(__global const float* in, __global float* out, uint nx, uint ny, uint nz, float w)
{
    const int3 c = (int3)((int)get_global_id(0), (int)get_global_id(1), (int)get_global_id(2));
    const int3 n = (int3)((int)nx, (int)ny, (int)nz);
    if (any(c >= n))
        return;
    const long sy = nx, sz = (long)nx * ny;
    const long i = c.z * sz + c.y * sy + c.x;
    const bool face = any(c == 0) || any(c == n - 1);
    float value = in[i];
    if (!face)
        value = w * (in[i] + in[i - 1] + in[i + 1] + in[i - sy] + in[i + sy] + in[i - sz] + in[i + sz]);
    out[i] = value;
}
