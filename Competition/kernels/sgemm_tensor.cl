// The competition module's kernels: sgemm_async and sgemm_tc, for NVIDIA GPUs of compute capability
// 8.0 and newer only (inline PTX: cp.async and the tensor cores' mma.sync). They build on Exercise 9b's
// answer, Kernels/matmul_competition.cl, included below: the order of the work-groups' tiles
// (tileOrigin), sgemm_tiles' tile layout and multiply-adds (sgemm_async reuses them), and
// sum_slices, the last step of split K. The host (Competition/support/tensor.cpp) builds this file
// with the variant's parameters as -D options, as Exercise 9b's host builds the included one.
//
// With AT=1 (sgemm_async) A arrives transposed, so the rows of its tile are copied whole and need no
// padding column: one float4 per 4 rows of the tile instead of sgemm_tiles' padded row.
#if defined(AT) && AT
#define AS (BM / 4)
#endif
#include "matmul_competition.cl"

// ---------------------------------------------------------------------------------------------------
// The asynchronous copies in PTX (sgemm_async, sgemm_tc).
// ---------------------------------------------------------------------------------------------------
#if defined(STAGES)
// The address of local memory as PTX's shared state space knows it (a __local pointer's value).
#define SHARED(p) ((uint)(size_t)(p))
inline void copy16(uint dst, __global const float4* src)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(dst), "l"(src) : "memory");
}
inline void copy4(uint dst, __global const float* src)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" : : "r"(dst), "l"(src) : "memory");
}
inline void commitCopies(void)
{
    asm volatile("cp.async.commit_group;" : : : "memory");
}
// Wait until at most STAGES - 2 groups of this work-item's copies are still on their way.
inline void awaitCopies(void)
{
#if STAGES == 2
    asm volatile("cp.async.wait_group 0;" : : : "memory");
#elif STAGES == 3
    asm volatile("cp.async.wait_group 1;" : : : "memory");
#else
    asm volatile("cp.async.wait_group 2;" : : : "memory");
#endif
}
#endif

// ---------------------------------------------------------------------------------------------------
// sgemm_async: sgemm_tiles for NVIDIA GPUs of compute capability 8.0 and newer (the host lists it
// only there): the tiles travel from global to local memory by cp.async, the GPU's asynchronous copy,
// written as inline PTX, which NVIDIA's OpenCL compiler accepts and no other does. The copies no
// longer pass through registers, so a work-item has registers to spare for a larger block of C, and
// STAGES steps of K are in flight at once (a ring of STAGES local buffers, one barrier per step).
// B moves as 16-byte copies; A as 4-byte copies, which put it transposed into local memory as
// sgemm_tiles has it, so the multiply-adds are sgemm_tiles' own.
//
//   STAGES      local buffers in the ring (2 to 4): STAGES - 1 steps are loading while one computes
//   AT          (optional) 1: A comes transposed (K x M, made before each multiplication by Exercise
//               17's transpose_padded, Kernels/transpose.cl), so its tiles move as 16-byte copies too
//               and need no padding column
//   BM ... DB   as for sgemm_tiles (DB is unused)
// Only for NVIDIA: no other compiler knows PTX, and oclgrind cannot run it either; the host checks
// every result against the double reference instead.
// ---------------------------------------------------------------------------------------------------
#if defined(STAGES) && defined(BM) && defined(TM)

#if STAGES < 2 || STAGES > 4 || WG % BK != 0 || WG % (BN / 4) != 0 || (BM * BK) % WG != 0
#error "sgemm_async: STAGES is 2 to 4, the work-group size a multiple of BK and BN/4, and BM*BK a multiple of it"
#endif
#ifndef AT
#define AT 0
#endif
#if AT
#define CA (BM * BK / 4 / WG)  // float4s of A^T each work-item copies per step
#else
#define CA (BM * BK / WG)  // floats of A each work-item copies per step
#endif
#define CB LB              // float4s of B ...

#define STAGE_A (BK * AS * 16)       // bytes of one A tile in local memory ...
#define STAGE_B (BK * BN * 4)        // ... and of one B tile
#if AT
#define ROWS_A (WG / (BM / 4))       // rows of A^T the work-group copies at once (float4 q of a work-item: q ROWS_A further)
#if WG % (BM / 4) != 0 || (BM * BK / 4) % WG != 0 || BK % ROWS_A != 0
#error "sgemm_async: AT=1 needs the work-group size a multiple of BM/4, and BM*BK/4 a multiple of it"
#endif
#else
#define ROWS_A (WG / BK)             // rows of A the work-group copies at once (float q of a work-item: q ROWS_A further)
#endif
#define ROWS_B (WG / (BN / 4))       // ... and rows of B (float4s)

// Global -> local memory, one step: this work-item's floats of A (from a, ROWS_A rows apart) and
// float4s of B (from b, ROWS_B rows apart) to the local addresses as and bs, A transposed on the way.
// With AT, a float4 of a row of A^T and the rows ROWS_A further, each copied whole.
inline void copyTiles(__global const float* a, __global const float4* b, int lda, int ldb4, uint as, uint bs)
{
#pragma unroll
    for (int q = 0; q < CA; q++)
#if AT
        copy16(as + q * ROWS_A * AS * 16, (__global const float4*)(a + q * ROWS_A * lda));
#else
        copy4(as + q * ROWS_A * 4, a + q * ROWS_A * lda);
#endif
#pragma unroll
    for (int q = 0; q < CB; q++)
        copy16(bs + q * ROWS_B * BN * 4, b + q * ROWS_B * ldb4);
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void sgemm_async(const int M, const int N, const int K,
                 __global const float* restrict A, const int lda,
                 __global const float4* restrict B, const int ldb,
                 __global float4* restrict C, const int ldc)
{
    __local float4 Asub[STAGES][BK][AS];      // Asub[.][k][m/4]: the A tile, transposed
    __local float4 Bsub[STAGES][BK][BN / 4];  // Bsub[.][k][n/4]

    const int lid = get_local_id(0);
    const int lane = lid % 32, warp = lid / 32;
    const int tx = (warp % (WX / WARPX)) * WARPX + lane % WARPX;
    const int ty = (warp / (WX / WARPX)) * (32 / WARPX) + lane / WARPX;
    const int ldb4 = ldb / 4, ldc4 = ldc / 4;
#if defined(KS) && KS > 1
    const int z = get_group_id(2);  // split K: this work-group's slice of K, and its slice of C
    A += AT ? z * K * lda : z * K;
    B += z * K * ldb4;
    C += z * M * ldc4;
#endif
    const int2 origin = tileOrigin();
    const int i0 = origin.x, j04 = origin.y;

    // What this work-item copies in every step: A's element (am, ak) of the tile and the rows
    // ROWS_A further, B's float4 (bk, bn) and the rows ROWS_B further; the pointers move one step on
    // (pa, pb) after each copy, the local addresses are those of stage 0.
#if AT  // A^T (K x M, pitch lda): float4 am of row ak of the tile, and the rows ROWS_A further
    const int ak = lid / (BM / 4), am = lid % (BM / 4);
    __global const float* pa = A + ak * lda + i0 + 4 * am;
    const uint as = SHARED(Asub) + (ak * AS + am) * 16;
#define A_STEP (BK * lda)  // floats from one step's A tile to the next
#else
    const int am = lid / BK, ak = lid % BK;
    __global const float* pa = A + (i0 + am) * lda + ak;
    const uint as = SHARED(Asub) + (ak * AS * 4 + am) * 4;
#define A_STEP BK
#endif
    const int bk = lid / (BN / 4), bn = lid % (BN / 4);
    const uint bs = SHARED(Bsub) + (bk * BN / 4 + bn) * 16;
    __global const float4* pb = B + bk * ldb4 + j04 + bn;

    float4 acc[TM][TN / 4];
#pragma unroll
    for (int r = 0; r < TM; r++)
#pragma unroll
        for (int c = 0; c < TN / 4; c++)
            acc[r][c] = (float4)(0.0f);

    // Fill the ring: steps 0 ... STAGES - 2 on their way (one group of copies each, empty past K).
    const int steps = K / BK;
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < steps) {
            copyTiles(pa, pb, lda, ldb4, as + s * STAGE_A, bs + s * STAGE_B);
            pa += A_STEP;
            pb += BK * ldb4;
        }
        commitCopies();
    }

    for (int t = 0; t < steps; t++) {
        awaitCopies();                  // this work-item's copies for step t have landed ...
        barrier(CLK_LOCAL_MEM_FENCE);   // ... and everyone's; everyone is done with step t - 1
        const int next = t + STAGES - 1;  // into the buffer step t - 1 used
        if (next < steps) {
            copyTiles(pa, pb, lda, ldb4, as + (next % STAGES) * STAGE_A, bs + (next % STAGES) * STAGE_B);
            pa += A_STEP;
            pb += BK * ldb4;
        }
        commitCopies();
        const int buf = t % STAGES;
        MULTIPLY_TILES(buf);  // the same multiply-adds as sgemm_tiles
    }

    STORE_TILE();
}

#endif  // sgemm_async

// ---------------------------------------------------------------------------------------------------
// sgemm_tc: for NVIDIA GPUs of compute capability 8.0 and newer (the host lists it only there): the
// multiply-adds run on the tensor cores, at FP32 accuracy. A tensor core multiplies TF32 numbers:
// 10 bits of mantissa where a float has 23, so one product a * b in TF32 is off by about 2^-11 of it.
// Each float x is split in two TF32 numbers, hi = x rounded to TF32 (cvt.rna.tf32.f32) and lo = x - hi
// rounded to TF32, and a * b becomes a_lo b_hi + a_hi b_lo + a_hi b_hi ("3xTF32": the a_lo b_lo term,
// about 2^-22 of the product, is left out), accumulated in FP32.
//
// The instruction is mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32, inline PTX: a warp
// multiplies a 16 x 8 block of A by an 8 x 8 block of B into a 16 x 8 block of C, each of its 32 lanes
// holding a fixed part of each (lane = 4 g + t, g = 0..7, t = 0..3):
//   A: a0 (g, t)  a1 (g + 8, t)  a2 (g, t + 4)  a3 (g + 8, t + 4)
//   B: b0 (t, g)  b1 (t + 4, g)
//   C: c0 (g, 2t) c1 (g, 2t + 1) c2 (g + 8, 2t) c3 (g + 8, 2t + 1)
// A work-group computes a BM x BN tile of C with (BM/WM) x (BN/WN) warps, each a WM x WN part of it:
// (WM/16) x (WN/8) blocks of 16 x 8. The tiles of A (BM x BK) and B (BK x BN) travel from global to
// local memory by cp.async, STAGES steps of K in flight, into rows padded to BK + 4 and BN + 8 floats:
// then the 32 lanes reading one fragment (a0 of every lane, say) hit 32 different banks. From there:
//   SPLIT=1  each element is split once per work-group, right after it lands: every work-item splits
//            its share of the step's tiles and writes hi and lo into a second local buffer laid out in
//            fragment order: for each 16 x 8 block of A, lane l's a0..a3 of hi as one float4 at
//            [block][0][l] and of lo at [block][1][l]; for each 8 x 8 block of B, (b0, b1) of hi and
//            lo as one float4 at [block][l]. A warp then reads a fragment with one 16-byte load per
//            lane, consecutive across the lanes (no bank conflicts), and splits nothing. Costs a
//            second barrier per step and local memory for twice the step's floats.
//   SPLIT=0  the warps read their fragments straight from the padded tiles and split them in
//            registers (each element once per warp that uses it); one barrier per step.
//   SPLIT=2  A as with SPLIT=1, B as with SPLIT=0 (A's fragments hold twice B's elements per lane).
//   FLUSH=F  the tensor cores accumulate F fragment steps (8 F products of K) into a block that
//            starts at zero, then added to the accumulators with an ordinary FP32 addition (the tensor
//            cores' own additions round toward zero: without it, FLUSH=0, their error grows with K in
//            one direction); F divides BK / 8
//   LOTRUNC=1 passes lo = x - hi to the tensor cores unrounded: they read its top 19 bits, so it is
//            truncated instead of rounded (its error 2^-10 of lo instead of 2^-11; two instructions
//            fewer per split)
//   HITRUNC=1 (with LOTRUNC=1) passes x itself as hi: the tensor cores truncate it to TF32 (hi's
//            value, x with its low 13 bits cleared, is what lo = x - hi subtracts), so lo is up to
//            2^-10 of x and its own truncation 2^-20 of x: one integer and one FP32 operation a split
//   FASTRNA=1 rounds to TF32 with integer operations instead of cvt.rna.tf32.f32 (the same result
//            for finite floats, fewer instructions: matters where every warp splits, SPLIT=0)
//   BM, BN, BK, STAGES, GM, KS as for sgemm_async (BK a multiple of 8).
// ---------------------------------------------------------------------------------------------------
#if defined(WM) && defined(WN) && defined(BM) && defined(BN) && defined(BK) && defined(STAGES)

#ifndef SPLIT
#define SPLIT 1
#endif
#define SPLIT_A (SPLIT == 1 || SPLIT == 2)  // A split as it lands (else by each warp) ...
#define SPLIT_B (SPLIT == 1)                // ... and B
#ifndef FLUSH
#define FLUSH 0
#endif
#define TC_WG ((BM / WM) * (BN / WN) * 32)  // work-group size
#define MT (WM / 16)                         // a warp's 16 x 8 blocks: down ...
#define NT (WN / 8)                          // ... and across
#define RPA (BK + 4)                         // row pitches of the A and B tiles in local memory (floats)
#define RPB (BN + 8)
#define CPA (BM * BK / 4 / TC_WG)            // 16-byte copies of A per work-item and step ...
#define CPB (BK * BN / 4 / TC_WG)            // ... and of B
#if BK % 8 || WM % 16 || WN % 8 || BM % WM || BN % WN || (BM * BK / 4) % TC_WG || (BK * BN / 4) % TC_WG
#error "sgemm_tc: BK a multiple of 8, WM of 16, WN of 8; WM divides BM, WN divides BN; BM*BK/4 and BK*BN/4 multiples of the work-group size"
#endif
#if STAGES < 2 || STAGES > 4
#error "sgemm_tc: STAGES is 2 to 4"
#endif
#if FLUSH < 0 || (FLUSH > 0 && (BK / 8) % FLUSH)
#error "sgemm_tc: FLUSH is 0 or divides BK/8"
#endif
#if SPLIT_B && (BK * BN / 2) % TC_WG
#error "sgemm_tc: SPLIT=1 needs BK*BN/2 a multiple of the work-group size"
#endif

// x rounded to TF32 (its bits; the low 13 are zero): to nearest, ties away from zero. FASTRNA=1 does
// it in two integer operations; cvt.rna.tf32.f32 compiles to four (it also tests for infinity).
inline uint tf32(float x)
{
#if defined(FASTRNA) && FASTRNA
    return (as_uint(x) + 0x1000u) & 0xffffe000u;
#else
    uint r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
    return r;
#endif
}

// d += a * b on the tensor cores: a 16 x 8 block of A, an 8 x 8 block of B, a 16 x 8 block of C.
#define MMA(d, a, b)                                                                              \
    asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, " \
        "{%8, %9}, {%0, %1, %2, %3};"                                                             \
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])                                          \
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]))

// For every accumulator of the warp's blocks (acc[mi][ni][e], unrolled).
#define EACH_ACC                                      \
    _Pragma("unroll") for (int mi = 0; mi < MT; mi++) \
    _Pragma("unroll") for (int ni = 0; ni < NT; ni++) \
    _Pragma("unroll") for (int e = 0; e < 4; e++)

// The three products of a fragment step into d: the small ones first.
#define MMA3(d, ahi, alo, bhi, blo) \
    do {                            \
        MMA(d, alo, bhi);           \
        MMA(d, ahi, blo);           \
        MMA(d, ahi, bhi);           \
    } while (0)

// One step of BK along K, the warp's part: fragments from local memory, three products each.
// Split as they landed: from the split tiles sa, sb (fragment order); else from the padded tiles
// ra, rb, split here.
#if defined(LOTRUNC) && LOTRUNC
#define LO(r) as_uint(r)  // the remainder as it is: the tensor cores read its top 19 bits (truncated)
#else
#define LO(r) tf32(r)     // the remainder rounded to TF32
#endif
#if defined(HITRUNC) && HITRUNC
#define HI(x) as_uint(x)                     // x as it is: the tensor cores truncate it to TF32 ...
#define HI_VALUE(h) ((h) & 0xffffe000u)      // ... which is this
#else
#define HI(x) tf32(x)                        // x rounded to TF32
#define HI_VALUE(h) (h)
#endif
#define SPLIT_INTO(x, hi, lo, e)                        \
    do {                                                \
        const float x_ = (x);                           \
        hi[e] = HI(x_);                                 \
        lo[e] = LO(x_ - as_float(HI_VALUE(hi[e])));     \
    } while (0)
#if SPLIT_A
#define LOAD_A(mi, kk, hi, lo)                                                                  \
    do {                                                                                        \
        const float4 h = sa[(((kk) * (BM / 16) + wm * MT + (mi)) * 2) * 32 + lane];             \
        const float4 l = sa[(((kk) * (BM / 16) + wm * MT + (mi)) * 2 + 1) * 32 + lane];         \
        hi[0] = as_uint(h.x), hi[1] = as_uint(h.y), hi[2] = as_uint(h.z), hi[3] = as_uint(h.w); \
        lo[0] = as_uint(l.x), lo[1] = as_uint(l.y), lo[2] = as_uint(l.z), lo[3] = as_uint(l.w); \
    } while (0)
#else
#define LOAD_A(mi, kk, hi, lo)                                                     \
    do {                                                                           \
        const __local float* p = ra + (wm * WM + (mi) * 16 + g) * RPA + (kk) * 8 + t; \
        SPLIT_INTO(p[0], hi, lo, 0);                                               \
        SPLIT_INTO(p[8 * RPA], hi, lo, 1);                                         \
        SPLIT_INTO(p[4], hi, lo, 2);                                               \
        SPLIT_INTO(p[8 * RPA + 4], hi, lo, 3);                                     \
    } while (0)
#endif
#if SPLIT_B
#define LOAD_B(ni, kk, hi, lo)                                          \
    do {                                                                \
        const float4 v = sb[((kk) * (BN / 8) + wn * NT + (ni)) * 32 + lane]; \
        hi[0] = as_uint(v.x), hi[1] = as_uint(v.y);                     \
        lo[0] = as_uint(v.z), lo[1] = as_uint(v.w);                     \
    } while (0)
#else
#define LOAD_B(ni, kk, hi, lo)                                               \
    do {                                                                     \
        const __local float* p = rb + ((kk) * 8 + t) * RPB + wn * WN + (ni) * 8 + g; \
        SPLIT_INTO(p[0], hi, lo, 0);                                         \
        SPLIT_INTO(p[4 * RPB], hi, lo, 1);                                   \
    } while (0)
#endif

__kernel __attribute__((reqd_work_group_size(TC_WG, 1, 1)))
void sgemm_tc(const int M, const int N, const int K,
              __global const float* restrict A, const int lda,
              __global const float* restrict B, const int ldb,
              __global float* restrict C, const int ldc)
{
    __local float4 rawA[STAGES][BM * RPA / 4];  // the tiles as they land: A rows of RPA floats ...
    __local float4 rawB[STAGES][BK * RPB / 4];  // ... and B rows of RPB floats
#if SPLIT_A
    __local float4 splitA[BM * BK / 2];         // the step's tiles split, in fragment order (above)
#endif
#if SPLIT_B
    __local float4 splitB[BK * BN / 2];
#endif
    const int lid = get_local_id(0), lane = lid % 32, warp = lid / 32;
    const int wm = warp / (BN / WN), wn = warp % (BN / WN);  // the warp's part of the tile
    const int g = lane / 4, t = lane % 4;
#if defined(KS) && KS > 1
    const int z = get_group_id(2);  // split K: this work-group's slice of K, and its slice of C
    A += z * K;
    B += z * K * ldb;
    C += z * M * ldc;
#endif
    const int2 origin = tileOrigin();
    const int i0 = origin.x, j0 = 4 * origin.y;

    // This work-item's 16-byte copies: float4 c = lid + q TC_WG of each tile (row c / (BK/4) of A's,
    // row c / (BN/4) of B's), the global pointers moving one step on after each step's copies.
    __global const float* pa = A + (i0 + lid / (BK / 4)) * lda + lid % (BK / 4) * 4;
    __global const float* pb = B + (lid / (BN / 4)) * ldb + j0 + lid % (BN / 4) * 4;
    const uint sa0 = SHARED(rawA) + ((lid / (BK / 4)) * RPA + lid % (BK / 4) * 4) * 4;
    const uint sb0 = SHARED(rawB) + ((lid / (BN / 4)) * RPB + lid % (BN / 4) * 4) * 4;
#define COPY_STEP(slot)                                                                                  \
    do {                                                                                                 \
        _Pragma("unroll") for (int q = 0; q < CPA; q++)                                                  \
            copy16(sa0 + (slot) * (BM * RPA * 4) + q * (TC_WG / (BK / 4)) * RPA * 4,                      \
                   (__global const float4*)(pa + q * (TC_WG / (BK / 4)) * lda));                          \
        _Pragma("unroll") for (int q = 0; q < CPB; q++)                                                  \
            copy16(sb0 + (slot) * (BK * RPB * 4) + q * (TC_WG / (BN / 4)) * RPB * 4,                      \
                   (__global const float4*)(pb + q * (TC_WG / (BN / 4)) * ldb));                          \
        pa += BK;                                                                                        \
        pb += BK * ldb;                                                                                  \
    } while (0)

    float acc[MT][NT][4];
    EACH_ACC acc[mi][ni][e] = 0.0f;

    const int steps = K / BK;
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < steps)
            COPY_STEP(s);
        commitCopies();
    }

    for (int step = 0; step < steps; step++) {
        awaitCopies();                 // this work-item's copies for this step have landed ...
        barrier(CLK_LOCAL_MEM_FENCE);  // ... and everyone's; everyone is done with the step before
        const int next = step + STAGES - 1;  // into the slot of the step before
        if (next < steps)
            COPY_STEP(next % STAGES);
        commitCopies();
        const __local float* ra = (const __local float*)rawA[step % STAGES];
        const __local float* rb = (const __local float*)rawB[step % STAGES];
#if SPLIT_A
        // Split this step's tiles into fragment order: A in units of 4 elements (one lane's a0..a3
        // of one 16 x 8 block), B in units of 2 (b0, b1), consecutive units to consecutive work-items.
#pragma unroll
        for (int q = 0; q < BM * BK / 4 / TC_WG; q++) {
            const int u = lid + q * TC_WG, l = u % 32, block = u / 32;
            const int mi = block % (BM / 16), kk = block / (BM / 16), gg = l / 4, tt = l % 4;
            const __local float* p = ra + (mi * 16 + gg) * RPA + kk * 8 + tt;
            const float x0 = p[0], x1 = p[8 * RPA], x2 = p[4], x3 = p[8 * RPA + 4];
            const uint h0 = HI(x0), h1 = HI(x1), h2 = HI(x2), h3 = HI(x3);
            splitA[(block * 2) * 32 + l] = (float4)(as_float(h0), as_float(h1), as_float(h2), as_float(h3));
            splitA[(block * 2 + 1) * 32 + l] =
                (float4)(as_float(LO(x0 - as_float(HI_VALUE(h0)))), as_float(LO(x1 - as_float(HI_VALUE(h1)))),
                         as_float(LO(x2 - as_float(HI_VALUE(h2)))), as_float(LO(x3 - as_float(HI_VALUE(h3)))));
        }
        const __local float4* sa = splitA;
#endif
#if SPLIT_B
#pragma unroll
        for (int q = 0; q < BK * BN / 2 / TC_WG; q++) {
            const int u = lid + q * TC_WG, l = u % 32, block = u / 32;
            const int ni = block % (BN / 8), kk = block / (BN / 8), gg = l / 4, tt = l % 4;
            const __local float* p = rb + (kk * 8 + tt) * RPB + ni * 8 + gg;
            const float y0 = p[0], y1 = p[4 * RPB];
            const uint h0 = HI(y0), h1 = HI(y1);
            splitB[block * 32 + l] = (float4)(as_float(h0), as_float(h1), as_float(LO(y0 - as_float(HI_VALUE(h0)))),
                                              as_float(LO(y1 - as_float(HI_VALUE(h1)))));
        }
        const __local float4* sb = splitB;
#endif
#if SPLIT_A
        barrier(CLK_LOCAL_MEM_FENCE);  // the split tiles are complete
#endif

#if FLUSH
        // FLUSH fragment steps at a time, block by block: a block's partial sum starts at zero, takes
        // the three products of each of the FLUSH fragment steps (8 FLUSH products of K) on the tensor
        // cores, and is added to the block's accumulators in FP32 (rounded to nearest). Block by block,
        // so only one block's partial sum is live (4 registers), not one for every block of the warp.
#pragma unroll
        for (int k0 = 0; k0 < BK / 8; k0 += FLUSH) {
            uint bhi[FLUSH][NT][2], blo[FLUSH][NT][2];
#pragma unroll
            for (int f = 0; f < FLUSH; f++)
#pragma unroll
                for (int ni = 0; ni < NT; ni++)
                    LOAD_B(ni, k0 + f, bhi[f][ni], blo[f][ni]);
#pragma unroll
            for (int mi = 0; mi < MT; mi++) {
                uint ahi[FLUSH][4], alo[FLUSH][4];
#pragma unroll
                for (int f = 0; f < FLUSH; f++)
                    LOAD_A(mi, k0 + f, ahi[f], alo[f]);
#pragma unroll
                for (int ni = 0; ni < NT; ni++) {
                    float part[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
                    for (int f = 0; f < FLUSH; f++)
                        MMA3(part, ahi[f], alo[f], bhi[f][ni], blo[f][ni]);
#pragma unroll
                    for (int e = 0; e < 4; e++)
                        acc[mi][ni][e] += part[e];  // rounded to nearest, as FP32 does
                }
            }
        }
#else
#pragma unroll
        for (int kk = 0; kk < BK / 8; kk++) {
            uint bhi[NT][2], blo[NT][2];
#pragma unroll
            for (int ni = 0; ni < NT; ni++)
                LOAD_B(ni, kk, bhi[ni], blo[ni]);
#pragma unroll
            for (int mi = 0; mi < MT; mi++) {
                uint ahi[4], alo[4];
                LOAD_A(mi, kk, ahi, alo);
#pragma unroll
                for (int ni = 0; ni < NT; ni++)
                    MMA3(acc[mi][ni], ahi, alo, bhi[ni], blo[ni]);
            }
        }
#endif
    }

    // The warp's blocks of C: lane (g, t) holds rows g and g + 8, columns 2t and 2t + 1 of each.
#pragma unroll
    for (int mi = 0; mi < MT; mi++)
#pragma unroll
        for (int ni = 0; ni < NT; ni++) {
            __global float* c = C + (i0 + wm * WM + mi * 16 + g) * ldc + j0 + wn * WN + ni * 8 + 2 * t;
            vstore2((float2)(acc[mi][ni][0], acc[mi][ni][1]), 0, c);
            vstore2((float2)(acc[mi][ni][2], acc[mi][ni][3]), 0, c + 8 * ldc);
        }
}

#endif  // sgemm_tc

// ---------------------------------------------------------------------------------------------------
// sgemm_wgmma: 3xTF32 as sgemm_tc, on Hopper's warpgroup MMA (wgmma.mma_async, compute capability
// 9.0 with the target sm_90a). A warpgroup (4 consecutive warps, 128 work-items) multiplies a 64 x BN
// block of C by a step of 8 along K in one instruction, both operands read from local memory through
// matrix descriptors, the products accumulated in its registers; the instruction is asynchronous:
// wgmma.fence before the first one that touches registers other instructions wrote,
// wgmma.commit_group after a batch, wgmma.wait_group N until at most N batches are still running.
//
// NVIDIA's OpenCL compiler writes `.target sm_90` into its PTX and refuses those instructions there,
// so each is written as a comment, "// HOC_SM90A <instruction>" (SM90A, in wgmma.cl), in inline assembly
// whose operands name the registers it uses: the compiler fills in their names and keeps the comment.
// The host (Competition/support/sm90a.hpp) reads the PTX back, turns the comments into instructions,
// changes the target to sm_90a and builds the program again from that PTX. The assembly statements
// list the accumulators as operands ("+f") so that the compiler keeps every read and write of them
// in order with the instructions the comments become.
//
// Per step of BK along K: the raw tiles arrive by cp.async in a ring of STAGES (A: BM x BK, rows of
// BK + 4 floats; B: BK x BN, rows of BN), as for sgemm_tc. All work-items then split the step's
// elements once, hi = x rounded to TF32 and lo = x - hi rounded to TF32, and write hi and lo in the
// layout the descriptors describe without swizzling, K-major for both operands (B transposed on the
// way): "core matrices" of 8 rows x 4 floats (128 contiguous bytes, row r of one at byte 16 r), the
// next core matrix along K 128 bytes on (the descriptor's leading byte offset), the next 8 rows
// BK * 32 bytes on (its stride byte offset). A work-item writes whole 16-byte rows of core matrices,
// a warp 512 contiguous bytes (A) or four 128-byte core matrices (B): no bank conflicts. After
// fence.proxy.async (ordinary stores that the tensor cores read next) and a barrier, each warpgroup
// issues the three products a_lo b_hi, a_hi b_lo, a_hi b_hi of each step of 8.
//
//   BM        64 per warpgroup (work-groups of 2 BM work-items); BN the N of the instruction (64,
//             128 or 256); BK a multiple of 8
//   STAGES    the ring of raw tiles (2 to 4)
//   SB        split buffers: 1 waits for a step's products before the next split; 2 splits the next
//             step while they run (wgmma.wait_group 1)
//   FLUSH=F   the products of F steps accumulate on the tensor cores in a block that starts at zero
//             (the first instruction with scale-d false), which is then added to the accumulators in
//             FP32, rounded to nearest (the tensor cores' own additions truncate); 0: never
//   AREG=1    A from registers instead: each warp reads its fragments of A (the 16 x 8 blocks of its
//             16 rows, laid out as for sgemm_tc's mma.sync) from the raw tile and splits them itself
//             (each element once: no two warps share rows), so only B is split into local memory;
//             the products read those registers until they finish, so alternate steps use two sets
//   GM, KS    as for sgemm_tc
// ---------------------------------------------------------------------------------------------------
#if defined(WGMMA) && defined(BM) && defined(BN) && defined(BK) && defined(STAGES)

#ifndef SB
#define SB 2
#endif
#ifndef FLUSH
#define FLUSH 0
#endif
#ifndef AREG
#define AREG 0
#endif
#define WG_SIZE (2 * BM)              // work-items: a warpgroup per 64 rows
#define RPA (BK + 4)                  // row pitches of the raw tiles (floats)
#define RPB BN                        // (the split reads B's rows across the work-items: no conflicts)
#define CPA (BM * BK / 4 / WG_SIZE)  // 16-byte copies of A per work-item and step ...
#define CPB (BK * BN / 4 / WG_SIZE)  // ... and of B
#if BM % 64 || (BN != 64 && BN != 128 && BN != 256) || BK % 8 || (BM * BK / 4) % WG_SIZE || (BK * BN / 4) % WG_SIZE
#error "sgemm_wgmma: BM a multiple of 64, BN 64, 128 or 256, BK a multiple of 8, BK*BN/4 a multiple of 2*BM"
#endif
#if STAGES < 2 || STAGES > 4 || SB < 1 || SB > 2 || FLUSH < 0 || WG_SIZE % (BK / 4) || WG_SIZE % (BN / 4)
#error "sgemm_wgmma: STAGES is 2 to 4, SB 1 or 2, FLUSH 0 or more, 2*BM a multiple of BK/4 and BN/4"
#endif

// SM90A, WGMMA_N, WGMMA_RS_N, TOUCH_N: the sm_90a instructions as marked comments.
#include "wgmma.cl"

// x rounded to TF32, to nearest with ties away from zero (its bits; the low 13 are zero).
inline uint tf32_rna(float x)
{
    uint r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
    return r;
}

// hi and lo of four floats.
inline void split4(float4 x, __local float4* hi, __local float4* lo)
{
    const uint4 h = (uint4)(tf32_rna(x.x), tf32_rna(x.y), tf32_rna(x.z), tf32_rna(x.w));
    const float4 r = x - as_float4(h);
    *hi = as_float4(h);
    *lo = as_float4((uint4)(tf32_rna(r.x), tf32_rna(r.y), tf32_rna(r.z), tf32_rna(r.w)));
}

// The matrix descriptor of the K-major, unswizzled layout above at local address `at`.
inline ulong descriptor(uint at)
{
    return (ulong)((at & 0x3ffffu) >> 4) | ((ulong)(128 >> 4) << 16) | ((ulong)(BK * 32 >> 4) << 32);
}

// (AREG=1) An empty statement that reads and writes set P's registers of step kk: placed before
// wgmma.fence it keeps their writes before it; placed after a wgmma.wait_group it keeps them live (no
// other value in them) until the products that read them have finished.
#define KEEP_A(P, kk)                                                                                         \
    asm volatile("" : "+r"(ahi_r[P][kk][0]), "+r"(ahi_r[P][kk][1]), "+r"(ahi_r[P][kk][2]), "+r"(ahi_r[P][kk][3]), \
                 "+r"(alo_r[P][kk][0]), "+r"(alo_r[P][kk][1]), "+r"(alo_r[P][kk][2]), "+r"(alo_r[P][kk][3]))
// After the wait that ends the step with set P: the previous step's set (1 - P) has been read by now
// (wait_group 1 or 0); with `all`, set P too (wait_group 0).
#if AREG
#define KEEP_SETS_TO_HERE(P, all)                                \
    do {                                                         \
        _Pragma("unroll") for (int kk = 0; kk < BK / 8; kk++) {  \
            if (SB == 2)                                         \
                KEEP_A(1 - (P), kk);                             \
            if (all)                                             \
                KEEP_A(P, kk);                                   \
        }                                                        \
    } while (0)
#else
#define KEEP_SETS_TO_HERE(P, all) \
    do {                          \
    } while (0)
#endif

__kernel __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
void sgemm_wgmma(const int M, const int N, const int K,
                 __global const float* restrict A, const int lda,
                 __global const float* restrict B, const int ldb,
                 __global float* restrict C, const int ldc)
{
    __local float4 rawA[STAGES][BM * RPA / 4];
    __local float4 rawB[STAGES][BK * RPB / 4];
#if !AREG
    __local float4 splitA[SB][2][BM * BK / 4] __attribute__((aligned(128)));  // [.][hi, lo][core matrices]
#endif
    __local float4 splitB[SB][2][BN * BK / 4] __attribute__((aligned(128)));

    const int lid = get_local_id(0), lane = lid % 32, warp = lid / 32;
    const int wg = warp / 4, wq = warp % 4;  // the warpgroup, and the warp within it
    const int g = lane / 4, t = lane % 4;
#if defined(KS) && KS > 1
    const int z = get_group_id(2);
    A += z * K;
    B += z * K * ldb;
    C += z * M * ldc;
#endif
    const int2 origin = tileOrigin();
    const int i0 = origin.x, j0 = 4 * origin.y;

    __global const float* pa = A + (i0 + lid / (BK / 4)) * lda + lid % (BK / 4) * 4;
    __global const float* pb = B + (lid / (BN / 4)) * ldb + j0 + lid % (BN / 4) * 4;
    const uint sa0 = SHARED(rawA) + ((lid / (BK / 4)) * RPA + lid % (BK / 4) * 4) * 4;
    const uint sb0 = SHARED(rawB) + ((lid / (BN / 4)) * RPB + lid % (BN / 4) * 4) * 4;
#define WG_COPY_STEP(slot)                                                                               \
    do {                                                                                                 \
        _Pragma("unroll") for (int q = 0; q < CPA; q++)                                                  \
            copy16(sa0 + (slot) * (BM * RPA * 4) + q * (WG_SIZE / (BK / 4)) * RPA * 4,                    \
                   (__global const float4*)(pa + q * (WG_SIZE / (BK / 4)) * lda));                        \
        _Pragma("unroll") for (int q = 0; q < CPB; q++)                                                  \
            copy16(sb0 + (slot) * (BK * RPB * 4) + q * (WG_SIZE / (BN / 4)) * RPB * 4,                    \
                   (__global const float4*)(pb + q * (WG_SIZE / (BN / 4)) * ldb));                        \
        pa += BK;                                                                                        \
        pb += BK * ldb;                                                                                  \
    } while (0)

    float acc[BN / 2];  // lane (g, t) of warp wq: rows 16 wq + g and + 8, columns 8 j + 2 t and + 1
#pragma unroll
    for (int e = 0; e < BN / 2; e++)
        acc[e] = 0.0f;
#if FLUSH
    float part[BN / 2];  // the products since the last FP32 addition
#pragma unroll
    for (int e = 0; e < BN / 2; e++)
        part[e] = 0.0f;
#else
#define part acc
#endif

    const int steps = K / BK;
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++) {
        if (s < steps)
            WG_COPY_STEP(s);
        commitCopies();
    }

#if AREG
    // A's fragments, split, in two sets used by alternate steps: the products of a step read its set
    // until they finish, while the next step fills the other.
    uint ahi_r[2][BK / 8][4], alo_r[2][BK / 8][4];
#pragma unroll
    for (int P = 0; P < 2; P++)
#pragma unroll
        for (int kk = 0; kk < BK / 8; kk++)
#pragma unroll
            for (int e = 0; e < 4; e++)
                ahi_r[P][kk][e] = alo_r[P][kk][e] = 0u;
#endif
    // Two steps an iteration, P = 0 and 1 (unrolled: P selects A's registers at compile time).
    for (int step0 = 0; step0 < steps; step0 += 2)
#pragma unroll
    for (int P = 0; P < 2; P++) {
        const int step = step0 + P;
        if (step >= steps)
            break;
        awaitCopies();
        barrier(CLK_LOCAL_MEM_FENCE);  // the step's raw tiles have landed; the last split is read
        const int next = step + STAGES - 1;
        if (next < steps)
            WG_COPY_STEP(next % STAGES);
        commitCopies();
        const __local float* ra = (const __local float*)rawA[step % STAGES];
        const __local float* rb = (const __local float*)rawB[step % STAGES];
        const int buf = step % SB;
        // A: unit u is row 8 (u / (2 BK)) + u % 8, floats 4 c ... 4 c + 3 with c = (u / 8) % (BK / 4),
        // which is float4 u of the core-matrix layout.
#if AREG
        // A from registers: each warp's fragments of its 16 rows, lane (g, t) holding (g, t), (g + 8, t),
        // (g, t + 4), (g + 8, t + 4) of each 16 x 8 block (the rows of RPA floats put these 32 reads
        // into 32 banks), split here: every element of A once, by the one warp that uses it.
        {
            const __local float* p = ra + (wg * 64 + wq * 16 + g) * RPA + t;
#pragma unroll
            for (int kk = 0; kk < BK / 8; kk++) {
                const float x[4] = {p[kk * 8], p[8 * RPA + kk * 8], p[kk * 8 + 4], p[8 * RPA + kk * 8 + 4]};
#pragma unroll
                for (int e = 0; e < 4; e++) {
                    ahi_r[P][kk][e] = tf32_rna(x[e]);
                    alo_r[P][kk][e] = tf32_rna(x[e] - as_float(ahi_r[P][kk][e]));
                }
            }
        }
#else
#pragma unroll
        for (int q = 0; q < BM * BK / 4 / WG_SIZE; q++) {
            const int u = lid + q * WG_SIZE, c = (u / 8) % (BK / 4), r = u / (2 * BK) * 8 + u % 8;
            split4(vload4(0, ra + r * RPA + 4 * c), &splitA[buf][0][u], &splitA[buf][1][u]);
        }
#endif
        // B: unit u is column n = u % BN, floats 4 c ... 4 c + 3 of K with c = u / BN (a column of the
        // raw tile, consecutive across the work-items: no bank conflicts), row n of B^T.
#pragma unroll
        for (int q = 0; q < BN * BK / 4 / WG_SIZE; q++) {
            const int u = lid + q * WG_SIZE, n = u % BN, c = u / BN;
            const __local float* p = rb + 4 * c * RPB + n;
            const int at = ((n / 8) * (BK / 4) + c) * 8 + n % 8;
            split4((float4)(p[0], p[RPB], p[2 * RPB], p[3 * RPB]), &splitB[buf][0][at], &splitB[buf][1][at]);
        }
        asm volatile(SM90A("fence.proxy.async.shared::cta;") : : : "memory");
        barrier(CLK_LOCAL_MEM_FENCE);  // the split tiles are complete

#if !AREG
        const uint ahi = SHARED(splitA[buf][0]) + wg * 64 * BK * 4, alo = SHARED(splitA[buf][1]) + wg * 64 * BK * 4;
#endif
        const uint bhi = SHARED(splitB[buf][0]), blo = SHARED(splitB[buf][1]);
#if FLUSH
        const int fresh = step % FLUSH == 0;  // the block starts at zero
#else
        const int fresh = 0;
#endif
#if AREG
        // A's registers written before the fence (the empty statements keep them there), read after it.
#pragma unroll
        for (int kk = 0; kk < BK / 8; kk++)
            KEEP_A(P, kk);
#endif
        TOUCH_N("wgmma.fence.sync.aligned;", part);
#if AREG
#pragma unroll
        for (int kk = 0; kk < BK / 8; kk++) {
            const ulong dbhi = descriptor(bhi + kk * 256), dblo = descriptor(blo + kk * 256);
            WGMMA_RS_N(part, alo_r[P][kk], dbhi, (kk > 0 || !fresh));
            WGMMA_RS_N(part, ahi_r[P][kk], dblo, 1);
            WGMMA_RS_N(part, ahi_r[P][kk], dbhi, 1);
        }
#else
#pragma unroll
        for (int kk = 0; kk < BK / 8; kk++) {
            const ulong dahi = descriptor(ahi + kk * 256), dalo = descriptor(alo + kk * 256);
            const ulong dbhi = descriptor(bhi + kk * 256), dblo = descriptor(blo + kk * 256);
            WGMMA_N(part, dalo, dbhi, (kk > 0 || !fresh));  // the small products first
            WGMMA_N(part, dahi, dblo, 1);
            WGMMA_N(part, dahi, dbhi, 1);
        }
#endif
        TOUCH_N("wgmma.commit_group.sync.aligned;", part);
#if FLUSH
        if (step % FLUSH == FLUSH - 1 || step == steps - 1) {
            TOUCH_N("wgmma.wait_group.sync.aligned 0;", part);
            KEEP_SETS_TO_HERE(P, 1);
#pragma unroll
            for (int e = 0; e < BN / 2; e++)
                acc[e] += part[e];
            continue;
        }
#endif
#if SB == 2
        TOUCH_N("wgmma.wait_group.sync.aligned 1;", part);
        KEEP_SETS_TO_HERE(P, 0);
#else
        TOUCH_N("wgmma.wait_group.sync.aligned 0;", part);
        KEEP_SETS_TO_HERE(P, 1);
#endif
    }
    TOUCH_N("wgmma.wait_group.sync.aligned 0;", acc);

    __global float* c = C + (i0 + wg * 64 + wq * 16 + g) * ldc + j0 + 2 * t;
#pragma unroll
    for (int j = 0; j < BN / 8; j++) {
        vstore2((float2)(acc[4 * j], acc[4 * j + 1]), 0, c + 8 * j);
        vstore2((float2)(acc[4 * j + 2], acc[4 * j + 3]), 0, c + 8 * ldc + 8 * j);
    }
}

#endif  // sgemm_wgmma
