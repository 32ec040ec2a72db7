// Exercise 13, part 2: one smoothing step on a 3D grid of nx x ny x nz floats, stored as C stores
// float grid[nz][ny][nx]: x fastest, then y, then z (row-major, the layout of 004's quiz "C 3D Array
// Memory Layout"). Work-item (x, y, z) of a 3D NDRange, dimension 0 = x, 1 = y, 2 = z, computes
// cell (x, y, z): the cells on the grid's faces are copied unchanged; an inner cell becomes w times
// the sum of itself and its six neighbours (w = 1/7: their mean). The host rounds the NDRange up
// to whole work-groups in each dimension; the work-items past the grid do nothing.
__kernel void smooth(__global const float* in, __global float* out, uint nx, uint ny, uint nz, float w)
{
    // TODO: the cell this work-item computes, from get_global_id of each dimension; nothing to do
    //       past the grid.
    // TODO: the cell's place in the flat arrays (the quiz's arithmetic: how many floats lie before
    //       it?), and those of its six neighbours: one step in x, in y and in z away.
    // TODO: a cell on a face of the grid keeps its value; an inner cell takes w times the sum of
    //       the seven values (the grid holds floats in [0, 1): any order of the additions passes).
}
