// Exercise 9, optional task (images): the kernel of Exercise 4 (one work-item per element of C), but
// A and B are 2D images. An image is addressed by (x, y) = (column, row) in pixels; each pixel holds
// one float (channel order CL_R, so the value is the .x of what read_imagef returns).
__constant sampler_t pixel = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void mmul_image(const int M, const int N, const int K,
                         __read_only image2d_t A,
                         __read_only image2d_t B,
                         __global float* C)
{
    // TODO: as mmul_element in Exercise 4, reading each element of A and B with read_imagef and the
    //       sampler above, at the pixel (an int2) of its column and row.
}
