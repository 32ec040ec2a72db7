// Exercise 9, images: the kernel of Exercise 4 (one work-item per element of C), but A and B are
// images read through a sampler instead of buffers. An image is addressed by (x, y) = (column, row)
// in pixels; each pixel holds one float (channel order CL_R, so the value is the .x component).
__constant sampler_t pixel = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void mmul_image(const int M, const int N, const int K,
                         __read_only image2d_t A,
                         __read_only image2d_t B,
                         __global float* C)
{
    const int j = get_global_id(0);
    const int i = get_global_id(1);
    if (i < M && j < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++)
            sum += read_imagef(A, pixel, (int2)(k, i)).x * read_imagef(B, pixel, (int2)(j, k)).x;
        C[i * N + j] = sum;
    }
}
