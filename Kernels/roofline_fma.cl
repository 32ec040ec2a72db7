// Roofline: the device's peak FP32 rate. Each work-item runs 8 independent chains of fused
// multiply-adds (x = x * a + b, 2 flops each), so the arithmetic units never wait for a previous
// result, and reads nothing from global memory: only the sum of its chains is written at the end.
// x = a x + b with a < 1 converges to b / (1 - a), so the values stay finite for any length.
// The host repeats the same operations in the same order for a sample of work-items and
// expects the same bits (fma is correctly rounded in OpenCL C).
__kernel void fma_peak(__global float* out, const int iterations, const float a, const float b)
{
    const int id = get_global_id(0);
    const float start = (float)(id & 1023) * 0x1.0p-10f;  // exact: a multiple of 2^-10 below 1
    float x0 = start, x1 = start + 0.125f, x2 = start + 0.25f, x3 = start + 0.375f;
    float x4 = start + 0.5f, x5 = start + 0.625f, x6 = start + 0.75f, x7 = start + 0.875f;
    for (int i = 0; i < iterations; i++) {
        x0 = fma(x0, a, b);
        x1 = fma(x1, a, b);
        x2 = fma(x2, a, b);
        x3 = fma(x3, a, b);
        x4 = fma(x4, a, b);
        x5 = fma(x5, a, b);
        x6 = fma(x6, a, b);
        x7 = fma(x7, a, b);
    }
    out[id] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}
