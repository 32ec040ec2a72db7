// Technique present, another shape (checker/technique): the work-items outside C return first,
// the pixel coordinates are stepped along the row of A and down the column of B, and the products are
// added with fma.
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void mmul_image(const int M, const int N, const int K, __read_only image2d_t A, __read_only image2d_t B,
                         __global float* C)
{
    const int col = get_global_id(0);
    const int row = get_global_id(1);
    if (row >= M || col >= N)
        return;
    int2 inA = (int2)(0, row);  // (column k, row i) of A
    int2 inB = (int2)(col, 0);  // (column j, row k) of B
    float total = 0.0f;
    for (int k = 0; k < K; ++k) {
        total = fma(read_imagef(A, nearest, inA).x, read_imagef(B, nearest, inB).x, total);
        inA.x += 1;
        inB.y += 1;
    }
    C[row * N + col] = total;
}
