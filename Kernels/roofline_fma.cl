// Roofline: the device's peak FP32 rate. Each work-item runs VECTORS * VW independent chains of
// fused multiply-adds (x = x * a + b, 2 flops each) as VECTORS vectors of VW floats: a CPU compiler
// maps each vector to its SIMD registers, a GPU sees VECTORS * VW independent scalar chains, so the
// arithmetic units never wait for a previous result. Nothing is read from global memory; only the
// sum of the chains is written. x = a x + b with a < 1 converges to b / (1 - a), so the values stay
// finite for any length. The host builds this file with a few shapes (-D VW=8 or 16, -D VECTORS=4
// or 8; hoc::FmaBenchmark, Measure/src/roofs.cpp), keeps the fastest, and repeats the same
// operations in the same order for a sample of work-items, expecting the same bits (fma is
// correctly rounded in OpenCL C).

#ifndef VW
#define VW 8  // floats per vector: 8 fills an AVX2 register, 16 an AVX-512 one
#endif
#ifndef VECTORS
#define VECTORS 4  // independent vectors per work-item: enough of them hide the fma's latency
#endif

#define CAT(a, b) a##b
#define PASTE(a, b) CAT(a, b)
typedef PASTE(float, VW) vec;
#define VLOAD PASTE(vload, VW)
#define VSTORE PASTE(vstore, VW)

__kernel void fma_peak(__global float* out, const int iterations, const float a, const float b)
{
    const int id = get_global_id(0);
    const float start = (float)(id & 1023) * 0x1.0p-10f;  // exact: a multiple of 2^-10 below 1
    float lane[VW];  // lane j starts j / 8 higher: exact
    for (int j = 0; j < VW; j++)
        lane[j] = (float)j * 0.125f;
    const vec lanes = VLOAD(0, lane);
    vec x[VECTORS];
    #pragma unroll
    for (int v = 0; v < VECTORS; v++)
        x[v] = (start + lanes) + (float)v;  // all exact
    const vec av = a, bv = b;
    // 16 steps per trip of the outer loop: a loop of a constant count is unrolled by the compiler,
    // so the counter and the branch come 1/16 as often (what that gained, with date and device:
    // docs/instructors.md, "the FMA loop unrolled"); the steps left over come after, in the same order.
    for (int i = 0; i < iterations / 16; i++) {
        #pragma unroll
        for (int j = 0; j < 16; j++) {
            #pragma unroll
            for (int v = 0; v < VECTORS; v++)
                x[v] = fma(x[v], av, bv);
        }
    }
    for (int i = 0; i < iterations % 16; i++) {
        #pragma unroll
        for (int v = 0; v < VECTORS; v++)
            x[v] = fma(x[v], av, bv);
    }
    // The sum: the upper half of the vectors added to the lower half until one is left, then its
    // lanes the same way (upper half onto lower half).
    #pragma unroll
    for (int n = VECTORS / 2; n > 0; n /= 2) {
        #pragma unroll
        for (int v = 0; v < n; v++)
            x[v] += x[v + n];
    }
    float s[VW];
    VSTORE(x[0], 0, s);
    for (int n = VW / 2; n > 0; n /= 2)
        for (int j = 0; j < n; j++)
            s[j] += s[j + n];
    out[id] = s[0];
}
