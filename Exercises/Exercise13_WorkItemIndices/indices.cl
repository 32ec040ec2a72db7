// Exercise 13: each work-item of a 2D range writes down who it is. `ids` holds six planes of
// width x height ints, each row-major with rows along dimension 1:
//   get_global_id(0), get_global_id(1), get_local_id(0), get_local_id(1), get_group_id(0), get_group_id(1).
__kernel void record_ids(__global int* ids, const int width, const int height)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x < width && y < height) {
        const int plane = width * height;
        const int at = y * width + x;
        ids[0 * plane + at] = get_global_id(0);
        ids[1 * plane + at] = get_global_id(1);
        // TODO: planes 2 to 5: the local ids (get_local_id) and the work-group ids (get_group_id)
        //       in dimensions 0 and 1.
    }
}
