// A correct record_ids written differently from the course's (checker: it must PASS Exercise
// 13's tests): the ids come from the work-group's id and size plus the local id (global = group *
// size + local, with no offset), the planes are reached by a pointer moved one plane at a time, and
// work-items outside the grid return early.
__kernel void record_ids(__global int* ids, const int width, const int height)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int gx = get_group_id(0), gy = get_group_id(1);
    const int x = gx * (int)get_local_size(0) + lx;
    const int y = gy * (int)get_local_size(1) + ly;
    if (x >= width || y >= height)
        return;
    const int values[6] = {x, y, lx, ly, gx, gy};
    __global int* plane = ids + y * width + x;
    for (int p = 0; p < 6; ++p, plane += width * height)
        *plane = values[p];
}
