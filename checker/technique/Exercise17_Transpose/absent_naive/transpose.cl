// Technique absent (checker/technique): transpose_tiled and transpose_padded move each element
// straight from `in` to `out` in the blocks' work-groups, as the naive transpose does: no local memory.
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
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint c0 = get_group_id(0) * TILE, r0 = get_group_id(1) * TILE;  // the block's first column and row
    for (uint k = ly; k < TILE; k += ROWS) {
        if (c0 + k < cols && r0 + lx < rows)
            out[(size_t)(c0 + k) * rows + r0 + lx] = in[(size_t)(r0 + lx) * cols + c0 + k];
    }
}

// Step 3, padding: TODO step 2 with one unused float at the end of each tile row, so that a tile
// column's floats fall in different local-memory banks.
__kernel void transpose_padded(__global const float* in, __global float* out, const uint rows, const uint cols)
{
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint c0 = get_group_id(0) * TILE, r0 = get_group_id(1) * TILE;
    for (uint k = ly; k < TILE; k += ROWS) {
        if (c0 + k < cols && r0 + lx < rows)
            out[(size_t)(c0 + k) * rows + r0 + lx] = in[(size_t)(r0 + lx) * cols + c0 + k];
    }
}
