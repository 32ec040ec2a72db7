// Correct kernels written differently from the course's (checker: they must PASS Exercise
// 17's tests on PoCL and its oclgrind check). Two shapes the tools once failed on:
//   transpose_tiled steps its loops by get_local_size(1): PoCL 3.1's full replication asserted on it
//     at work-groups of 1 x 1 (hoc::poclAssertsOnSmallWorkGroups);
//   transpose_padded counts its rounds with a ceiling division, a / b + (a % b != 0), which clang
//     turns into LLVM's `freeze`, where oclgrind 21.10's uninitialized-value check stops.

#ifndef TILE
#define TILE 64
#endif
#ifndef ROWS
#define ROWS 4
#endif

// One work-item per element, its row and column read from a flat global id.
__kernel void transpose_naive(__global const float* in, __global float* out, const uint rows, const uint cols)
{
    const size_t width = get_global_size(0);
    const size_t flat = get_global_id(1) * width + get_global_id(0);
    const size_t r = flat / width, c = flat % width;
    if (r < rows && c < cols)
        out[c * rows + r] = in[r * cols + c];
}

__kernel void transpose_tiled(__global const float* in, __global float* out, const uint rows, const uint cols)
{
    __local float block[TILE][TILE];
    const size_t x = get_local_id(0);
    const size_t left = get_group_id(0) * TILE, top = get_group_id(1) * TILE;
    for (size_t y = get_local_id(1); y < TILE; y += get_local_size(1))
        if (top + y < rows && left + x < cols)
            block[y][x] = in[(top + y) * cols + left + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t y = get_local_id(1); y < TILE; y += get_local_size(1))
        if (left + y < cols && top + x < rows)
            out[(left + y) * rows + top + x] = block[x][y];
}

__kernel void transpose_padded(__global const float* in, __global float* out, const uint rows, const uint cols)
{
    __local float block[TILE][TILE + 1];
    const uint x = get_local_id(0), y0 = get_local_id(1), height = get_local_size(1);
    const uint left = get_group_id(0) * TILE, top = get_group_id(1) * TILE;
    const uint rounds = TILE / height + (TILE % height != 0);  // each work-item's rows, rounded up
    for (uint round = 0; round < rounds; ++round) {
        const uint y = y0 + round * height;
        if (y < TILE && top + y < rows && left + x < cols)
            block[y][x] = in[(size_t)(top + y) * cols + left + x];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint round = 0; round < rounds; ++round) {
        const uint y = y0 + round * height;
        if (y < TILE && left + y < cols && top + x < rows)
            out[(size_t)(left + y) * rows + top + x] = block[x][y];
    }
}
