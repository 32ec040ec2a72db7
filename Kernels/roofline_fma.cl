// Roofline: the device's peak FP32 rate. Each work-item runs 32 independent chains of fused
// multiply-adds (x = x * a + b, 2 flops each) as four float8 vectors: a CPU compiler maps them to
// its SIMD units, a GPU sees 32 independent scalar chains, so the arithmetic units never wait for a
// previous result. Nothing is read from global memory; only the sum of the chains is written.
// x = a x + b with a < 1 converges to b / (1 - a), so the values stay finite for any length.
// The host repeats the same operations in the same order for a sample of work-items and
// expects the same bits (fma is correctly rounded in OpenCL C).
__kernel void fma_peak(__global float* out, const int iterations, const float a, const float b)
{
    const int id = get_global_id(0);
    const float start = (float)(id & 1023) * 0x1.0p-10f;  // exact: a multiple of 2^-10 below 1
    const float8 x = start + (float8)(0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f) * 0.125f;
    float8 x0 = x, x1 = x + 1.0f, x2 = x + 2.0f, x3 = x + 3.0f;  // all exact
    const float8 av = a, bv = b;
    // 16 steps per trip of the outer loop: a loop of a constant count is unrolled by the compiler,
    // so the counter and the branch come 1/16 as often (on the H100 one step per trip reached 57.9
    // TFLOP/s, this 65.7); the steps left over come after, in the same order.
    for (int i = 0; i < iterations / 16; i++) {
        #pragma unroll
        for (int j = 0; j < 16; j++) {
            x0 = fma(x0, av, bv);
            x1 = fma(x1, av, bv);
            x2 = fma(x2, av, bv);
            x3 = fma(x3, av, bv);
        }
    }
    for (int i = 0; i < iterations % 16; i++) {
        x0 = fma(x0, av, bv);
        x1 = fma(x1, av, bv);
        x2 = fma(x2, av, bv);
        x3 = fma(x3, av, bv);
    }
    const float8 s = (x0 + x1) + (x2 + x3);
    out[id] = ((s.s0 + s.s1) + (s.s2 + s.s3)) + ((s.s4 + s.s5) + (s.s6 + s.s7));
}
