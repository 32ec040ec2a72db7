// Technique present (checker/technique): transpose_padded with a one-dimensional tile, stored along
// its rows and read down its columns, each row TILE + 1 floats long.
// Exercise 17: out = the transpose of in. `in` has `rows` rows of `cols` floats (row-major); `out`
// has cols rows of rows floats. Any shape works: work-items that fall outside the matrix (the
// host rounds the NDRange up to whole work-groups) do nothing.

// Step 1, naive: one work-item per element; reads go along rows, writes go down columns.
__kernel void transpose_naive(__global const float* in, __global float* out, const uint rows, const uint cols)
{
    const uint c = get_global_id(0);
    const uint r = get_global_id(1);
    // Neighbouring work-items read neighbouring floats (one memory transaction for many of them),
    // but write floats `rows` apart (one transaction each).
    if (r < rows && c < cols)
        out[(size_t)c * rows + r] = in[(size_t)r * cols + c];
}

#ifndef TILE
#define TILE 64  // a work-group moves a TILE x TILE block (the host passes -D TILE and -D ROWS)
#endif
#ifndef ROWS
#define ROWS 4   // the work-group is TILE x ROWS work-items; each moves TILE / ROWS elements
#endif

// Step 2, tiled: TODO a work-group reads a TILE x TILE block into local memory along its rows, and
// writes it out transposed, again along rows (so both global accesses are coalesced).
//   - the work-group is TILE x ROWS work-items: work-item (lx, ly) moves rows ly, ly + ROWS,
//     ly + 2 ROWS, ... of the block;
//   - block (get_group_id(0), get_group_id(1)) starts at column get_group_id(0) * TILE and row
//     get_group_id(1) * TILE of `in`;
//   - wait for the whole block to be in local memory before writing it out;
//   - skip the elements outside the matrix (the last blocks may be partly outside).
__kernel void transpose_tiled(__global const float* in, __global float* out, const uint rows, const uint cols)
{
    __local float tile[TILE][TILE];  // tile[c][r]: the block stored transposed
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint colBase = get_group_id(0) * TILE, rowBase = get_group_id(1) * TILE;
    uint r = ly;
    while (r < TILE) {  // row rowBase + r of in, its column colBase + lx: neighbours read neighbours
        const uint gr = rowBase + r, gc = colBase + lx;
        if (gr < rows && gc < cols)
            tile[lx][r] = in[(size_t)gr * cols + gc];
        r += ROWS;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint c = ly; c < TILE; c += ROWS) {  // row colBase + c of out, column rowBase + lx
        const uint orow = colBase + c, ocol = rowBase + lx;
        if (orow < cols && ocol < rows)
            out[(size_t)orow * rows + ocol] = tile[c][lx];
    }
}

// Step 3, padding: TODO step 2 with one unused float at the end of each tile row, so that a tile
// column's floats fall in different local-memory banks.
__kernel void transpose_padded(__global const float* in, __global float* out, const uint rows, const uint cols)
{
    __local float tile[TILE * (TILE + 1)];  // row k starts at k * (TILE + 1)
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const size_t x = get_group_id(0) * TILE + lx;
    for (uint k = ly; k < TILE; k += ROWS) {
        const size_t y = get_group_id(1) * TILE + k;
        if (x < cols && y < rows)
            tile[k * (TILE + 1) + lx] = in[y * cols + x];  // along row k
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const size_t ox = get_group_id(1) * TILE + lx;
    for (uint k = ly; k < TILE; k += ROWS) {
        const size_t oy = get_group_id(0) * TILE + k;
        if (ox < rows && oy < cols)
            out[oy * rows + ox] = tile[lx * (TILE + 1) + k];  // down column k, TILE + 1 floats apart
    }
}
