// ---------------------------------------------------------------------------------------------------
// sgemm_ws: 3xTF32 (as sgemm_tc and sgemm_wgmma: each float x split into hi = x rounded to TF32 and
// lo = x - hi rounded to TF32, a b = a_lo b_hi + a_hi b_lo + a_hi b_hi) on Hopper's warpgroup MMA,
// with the main loop built around what compute capability 9.0 gives without a tensor map:
//
// - B is split and packed once, before the multiplication, by ws_pack_b: hi and lo, in the order the
//   matrix descriptors read (K-major "core matrices" of 8 columns x 4 floats of K, 128 contiguous
//   bytes), so that each stage of the main loop is one contiguous block of global memory and the loop
//   converts nothing of B. With ASRC=0, ws_pack_a likewise packs A (unsplit) in the order of the
//   warps' register fragments.
// - A producer warpgroup copies each stage with one-dimensional bulk copies
//   (cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes) into a ring of STAGES in local
//   memory; each stage has two transaction barriers (mbarrier): "full", which completes when the
//   stage's bytes have landed, and "empty", which completes when every consumer warp is done with it.
//   No work-group barrier in the loop.
// - Warp specialisation: the producer warpgroup gives up registers (setmaxnreg.dec) and the consumer
//   warpgroups take them (setmaxnreg.inc), so that each consumer holds its 64 x BN block of C twice:
//   the accumulators, and the block of the products since the last FP32 addition (FLUSH). Each
//   consumer splits its fragments of A into hi and lo in registers (A is the register operand of
//   wgmma.mma_async; B, from local memory, is the descriptor operand).
//
// Within each block of 8 along K the products are summed in an order of our choosing, as long as A
// and B agree on it: "logical" k = 4 h + e (h the core matrix along K, e the float within its row)
// is the element 2 e + h of the block. A lane's fragment of A, (row, logical k) = (g, t), (g + 8, t),
// (g, t + 4), (g + 8, t + 4), is then (g, 2t), (g + 8, 2t), (g, 2t + 1), (g + 8, 2t + 1): two float2
// loads from A as it is (ASRC=1), with no packing of A at all.
//
//   BM       64 per consumer warpgroup (64, 128 or 192); work-groups of BM + 128 work-items, the first
//            128 the producer
//   BN       the N of wgmma.mma_async m64nNk8: 64, 128, 192 or 256
//   BK       a stage's depth along K, a multiple of 8
//   STAGES   the ring's stages (2 to 8; all of them in the 48 KB of local memory a work-group may have)
//   FLUSH=F  the products of F stages accumulate on the tensor cores in a block that starts at zero,
//            which is then added to the accumulators in FP32, rounded to nearest (the tensor cores' own
//            additions truncate); 0: never (not FP32-accurate). The consumer warpgroups' blocks end at
//            different stages, so that one adds while the other's products keep the tensor cores busy
//   SFLUSH   1: the stages that end a block are fixed at compile time (the loop unrolled by FLUSH or
//            AHEAD steps, whichever is more; both warpgroups add at the same stages; the last partial
//            block is added after the loop), so that no run-time branch separates the steps that add
//            from those that do not: for such a branch ptxas serializes the warpgroup MMAs (C7518)
//   ASRC     0: A packed by ws_pack_a and copied with B; 1: each consumer warp reads its fragments of
//            A from global memory AHEAD stages ahead (A unpacked, padded to whole tiles)
//   AHEAD    (ASRC=1) how many stages ahead A's fragments are read: 2 (the default) or 4, in as many
//            sets of registers; a step's products are 384 to 576 tensor-core cycles, about as long as
//            a load that misses L1, so that 2 stages ahead may leave the split waiting for A
//   OCC      the work-groups per compute unit the registers are planned for (1, or 2 with BM = 64):
//            the register cap at entry (.maxnreg), from which setmaxnreg moves registers
//   GM, KS   the tile order and split K, as for sgemm_tiles (Kernels/matmul_competition.cl)
// The host (Competition/support/tensor.cpp) pads A, B and C to whole tiles and K to whole stages.
// ---------------------------------------------------------------------------------------------------
// tileOrigin (GM) and sum_slices (KS), from Exercise 9b's answer.
#include "matmul_competition.cl"

#if defined(BM) && defined(BN) && defined(BK)

#if BM % 64 || BM < 64 || BM > 192 || (BN != 64 && BN != 128 && BN != 192 && BN != 256) || BK % 8 || BK > 32
#error "sgemm_ws: BM is 64, 128 or 192, BN 64, 128, 192 or 256, BK a multiple of 8 up to 32"
#endif
#define KK (BK / 8)  // blocks of 8 along K per stage

// x rounded to TF32, to nearest with ties away from zero (its bits; the low 13 are zero), four at a
// time: the same as cvt.rna.tf32.f32 for finite floats, in plain OpenCL C.
inline float4 tf32x4(float4 x)
{
    return as_float4((as_uint4(x) + (uint4)(0x1000u)) & (uint4)(0xffffe000u));
}

// B (K x N floats, rows of ldb) split and packed for the descriptors: for column block nb (BN
// columns) and stage s (BK of K), one contiguous block [hi, lo][n / 8][k / 4][n % 8] of float4s,
// the float4 holding logical k = 4 h ... 4 h + 3 of the block of 8 (h = (k / 4) % 2), that is the
// elements 8 b + h, + 2, + 4, + 6 of K (b the block), of one column n. Blocks in the order (nb, s).
// One work-item per float4 of hi (and the one of lo): N K / 4 work-items.
__kernel void ws_pack_b(__global const float* restrict B, const int ldb, const int K, __global float4* restrict P)
{
    const int o = get_global_id(0);
    const int per = BN * BK / 4;  // float4s of hi (and of lo) in one block
    const int block = o / per, u = o % per;
    const int steps = K / BK, nb = block / steps, s = block % steps;
    const int j = u / (2 * BK), c = u / 8 % (BK / 4), r = u % 8;  // u = (j (BK / 4) + c) 8 + r
    const int n = nb * BN + 8 * j + r, k = s * BK + c / 2 * 8 + c % 2;
    __global const float* p = B + k * ldb + n;
    const float4 x = (float4)(p[0], p[2 * ldb], p[4 * ldb], p[6 * ldb]);
    const float4 hi = tf32x4(x);
    P[block * 2 * per + u] = hi;
    P[block * 2 * per + per + u] = tf32x4(x - hi);  // x - hi is exact
}

// (ASRC=0) A (M x K floats, rows of lda) packed, unsplit, in the order of the warps' fragments: for
// row block mb (BM rows) and stage s, one contiguous block [w][kk][q][lane] of float4s, the float4
// of lane (g, t) of warp q of consumer warpgroup w for the block kk of 8 along K holding
// (g, 2t), (g + 8, 2t), (g, 2t + 1), (g + 8, 2t + 1) of its 16 rows. M K / 4 work-items.
__kernel void ws_pack_a(__global const float* restrict A, const int lda, const int K, __global float4* restrict P)
{
    const int o = get_global_id(0);
    const int per = BM * BK / 4;
    const int block = o / per, u = o % per;
    const int steps = K / BK, mb = block / steps, s = block % steps;
    const int w = u / (KK * 128), kk = u / 128 % KK, q = u / 32 % 4, lane = u % 32;
    const int row = mb * BM + 64 * w + 16 * q + lane / 4, k = s * BK + 8 * kk + 2 * (lane % 4);
    __global const float* p = A + row * lda + k;
    const float2 x0 = vload2(0, p), x1 = vload2(0, p + 8 * lda);
    P[o] = (float4)(x0.x, x1.x, x0.y, x1.y);
}

// ---------------------------------------------------------------------------------------------------
// The main loop (PTX: NVIDIA GPUs of compute capability 9.0 only, built by the two-stage route).
// ---------------------------------------------------------------------------------------------------
#if !defined(PACK_ONLY) && defined(STAGES)

#ifndef FLUSH
#define FLUSH 0
#endif
#ifndef ASRC
#define ASRC 1
#endif
#ifndef OCC
#define OCC 1
#endif
#ifndef AHEAD
#define AHEAD 2
#endif
#if AHEAD != 2 && AHEAD != 4
#error "sgemm_ws: AHEAD is 2 or 4"
#endif
#ifndef SFLUSH
#define SFLUSH 0
#endif
// Steps per iteration of the main loop: the register sets (and with SFLUSH the blocks' ends) are
// chosen at compile time.
#if SFLUSH && FLUSH > AHEAD
#define UNROLL FLUSH
#else
#define UNROLL AHEAD
#endif
#if SFLUSH && (FLUSH < 1 || UNROLL % FLUSH || UNROLL % AHEAD)
#error "sgemm_ws: SFLUSH needs FLUSH to divide AHEAD, or AHEAD to divide FLUSH"
#endif
#define CW (BM / 64)             // consumer warpgroups
#define WS_SIZE (128 * (CW + 1)) // work-items: the producer warpgroup, then the consumers
#define A_BYTES (ASRC ? 0 : BM * BK * 4)  // a stage: A's fragments (ASRC=0) ...
#define B_BYTES (BN * BK * 8)             // ... and B's hi and lo
#define STAGE_BYTES (A_BYTES + B_BYTES)
#if STAGES < 2 || STAGES > 8 || STAGES * (STAGE_BYTES + 16) > 49152 || FLUSH < 0 || ASRC < 0 || ASRC > 1
#error "sgemm_ws: STAGES is 2 to 8 and its stages fit 48 KB of local memory, FLUSH 0 or more, ASRC 0 or 1"
#endif

// Registers: the cap at entry (.maxnreg: 64 K registers over the work-items of OCC work-groups), the
// producer's and a consumer's after setmaxnreg (multiples of 8; producer + CW consumers <= (CW + 1) cap).
#if CW == 2 && OCC == 1
#define REG_CAP 168
#define REG_PRODUCER 24
#define REG_CONSUMER 240
#elif CW == 1 && OCC == 2
#define REG_CAP 128
#define REG_PRODUCER 24
#define REG_CONSUMER 232
#elif CW == 3 && OCC == 1
#define REG_CAP 128
#define REG_PRODUCER 24
#define REG_CONSUMER 160
#else
#error "sgemm_ws: OCC is 1 with BM = 128 or 192, 2 with BM = 64"
#endif

// SM90A, WGMMA_RS_N, TOUCH_N: the sm_90a instructions as marked comments.
#include "wgmma.cl"

#define STR_(x) #x
#define STR(x) STR_(x)
// A directive for the kernel's entry (.maxnreg ...), which the host moves there (sm90a.hpp).
#define SM90A_ENTRY(text) "// HOC_SM90A_ENTRY " text
// The address of local memory as PTX's shared state space knows it (a __local pointer's value).
#define SHARED(p) ((uint)(size_t)(p))

inline void mbarInit(uint bar, uint count)
{
    asm volatile(SM90A("mbarrier.init.shared::cta.b64 [%0], %1;") : : "r"(bar), "r"(count) : "memory");
}
// Until the phase of parity `parity` of the barrier has completed. A wait of more than two seconds
// (a working kernel never waits that long: a whole product of 8192 x 8192 matrices takes 16 ms) ends
// the kernel with a trap, so that a fault in the synchronisation is an error the host reports (the
// tuner passes the variant by), not a hang.
inline void mbarWait(uint bar, uint parity)
{
    ulong since = 0;
    for (;;) {
        uint done;
        asm volatile(SM90A("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }")
                     : "=r"(done)
                     : "r"(bar), "r"(parity)
                     : "memory");
        if (done)
            return;
        ulong now;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
        if (since == 0)
            since = now;
        else if (now - since > 2000000000ul)
            asm volatile("trap;" : : : "memory");
    }
}
inline void mbarArrive(uint bar)
{
    asm volatile(SM90A("{ .reg .b64 state; mbarrier.arrive.shared::cta.b64 state, [%0]; }") : : "r"(bar) : "memory");
}
// The producer's arrival, announcing the bytes that the stage's copies will bring.
inline void mbarArriveExpect(uint bar, uint bytes)
{
    asm volatile(SM90A("{ .reg .b64 state; mbarrier.arrive.expect_tx.shared::cta.b64 state, [%0], %1; }")
                 : : "r"(bar), "r"(bytes) : "memory");
}
// `bytes` (a multiple of 16) from global memory to local memory, counted on the barrier as they land.
inline void bulkCopy(uint dst, __global const uchar* src, uint bytes, uint bar)
{
    asm volatile(SM90A("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];")
                 : : "r"(dst), "l"(src), "r"(bytes), "r"(bar) : "memory");
}

// The matrix descriptor of B's packed layout at local address `at`: no swizzling, the next core
// matrix along K 128 bytes on, the next 8 columns BK * 32 bytes on.
inline ulong descriptor(uint at)
{
    return (ulong)((at & 0x3ffffu) >> 4) | ((ulong)(128 >> 4) << 16) | ((ulong)(BK * 32 >> 4) << 32);
}

// hi and lo of a fragment of A, into set P of ahi and alo.
#define SPLIT_A(P, kk, x)                                                         \
    do {                                                                          \
        const float4 h_ = tf32x4(x), l_ = tf32x4((x) - h_);                       \
        ahi[P][kk][0] = as_uint(h_.x), ahi[P][kk][1] = as_uint(h_.y);             \
        ahi[P][kk][2] = as_uint(h_.z), ahi[P][kk][3] = as_uint(h_.w);             \
        alo[P][kk][0] = as_uint(l_.x), alo[P][kk][1] = as_uint(l_.y);             \
        alo[P][kk][2] = as_uint(l_.z), alo[P][kk][3] = as_uint(l_.w);             \
    } while (0)
// An empty statement that reads and writes set P: before wgmma.fence it keeps the set's writes
// before the fence; after a wgmma.wait_group it keeps the set live (no other value in its registers)
// until the products that read it have finished.
#define KEEP_A(P)                                                                                 \
    do {                                                                                          \
        _Pragma("unroll") for (int kk_ = 0; kk_ < KK; kk_++)                                      \
            asm volatile("" : "+r"(ahi[P][kk_][0]), "+r"(ahi[P][kk_][1]), "+r"(ahi[P][kk_][2]),   \
                              "+r"(ahi[P][kk_][3]), "+r"(alo[P][kk_][0]), "+r"(alo[P][kk_][1]),   \
                              "+r"(alo[P][kk_][2]), "+r"(alo[P][kk_][3]));                        \
    } while (0)
#if ASRC
// (ASRC=1) This warp's fragments of A for step `st` into the raw set P, from global memory.
#define LOAD_A(P, st)                                                                          \
    do {                                                                                       \
        _Pragma("unroll") for (int kk_ = 0; kk_ < KK; kk_++) {                                 \
            const float2 x0_ = vload2(0, pa + (st) * BK + 8 * kk_);                            \
            const float2 x1_ = vload2(0, pa + 8 * lda + (st) * BK + 8 * kk_);                  \
            araw[P][kk_] = (float4)(x0_.x, x1_.x, x0_.y, x1_.y);                               \
        }                                                                                      \
    } while (0)
#endif

__kernel __attribute__((reqd_work_group_size(WS_SIZE, 1, 1)))
void sgemm_ws(const int M, const int N, const int K,
              __global const float* restrict A, const int lda,
              __global const float* restrict B, const int ldb,
              __global float* restrict C, const int ldc)
{
    __local float4 ring[STAGES * STAGE_BYTES / 16] __attribute__((aligned(128)));
    __local ulong bars[2 * STAGES];  // full[s], then empty[s]
    asm volatile(SM90A_ENTRY(".maxnreg " STR(REG_CAP)) : : : "memory");

    const int lid = get_local_id(0), warp = lid / 32, lane = lid % 32;
    const int role = warp / 4;  // 0: the producer; 1 ... CW: consumer warpgroup role - 1
    const uint ring0 = SHARED(ring), bar0 = SHARED(bars);
#define FULL(s) (bar0 + 8 * (s))
#define EMPTY(s) (bar0 + 8 * (STAGES + (s)))
    const int steps = K / BK;  // K: this slice's (split K)
#if defined(KS) && KS > 1
    const int z = get_group_id(2), slices = get_num_groups(2);
    C += z * M * ldc;
#else
    const int z = 0, slices = 1;
#endif
    const int2 origin = tileOrigin();
    const int i0 = origin.x, j0 = 4 * origin.y;

    if (lid == 0) {
        for (int s = 0; s < STAGES; s++) {
            mbarInit(FULL(s), 1);            // the producer's arrival, and the bytes
            mbarInit(EMPTY(s), 4 * CW);      // one arrival per consumer warp
        }
        asm volatile(SM90A("fence.mbarrier_init.release.cluster;") : : : "memory");
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (role == 0) {
        // The producer: one work-item issues every copy; the warpgroup keeps few registers.
        asm volatile(SM90A("setmaxnreg.dec.sync.aligned.u32 " STR(REG_PRODUCER) ";") : : : "memory");
        if (lid != 0)
            return;
        const size_t first = (size_t)z * steps;  // this slice's first stage of the packed blocks
        __global const uchar* pb = (__global const uchar*)B + ((size_t)(j0 / BN) * steps * slices + first) * B_BYTES;
#if !ASRC
        __global const uchar* pa = (__global const uchar*)A + ((size_t)(i0 / BM) * steps * slices + first) * A_BYTES;
#endif
        for (int t = 0; t < steps + STAGES; t++) {
            const int s = t % STAGES;
            if (t >= STAGES)  // the consumers are done with step t - STAGES in this stage
                mbarWait(EMPTY(s), (t / STAGES - 1) & 1);
            if (t >= steps)   // (the last STAGES waits: nothing leaves before the consumers are done)
                continue;
            mbarArriveExpect(FULL(s), STAGE_BYTES);
#if !ASRC
            bulkCopy(ring0 + s * STAGE_BYTES, pa + (size_t)t * A_BYTES, A_BYTES, FULL(s));
#endif
            bulkCopy(ring0 + s * STAGE_BYTES + A_BYTES, pb + (size_t)t * B_BYTES, B_BYTES, FULL(s));
        }
        return;
    }

    // A consumer warpgroup: a 64 x BN block of C, rows 64 w ... of the tile.
    asm volatile(SM90A("setmaxnreg.inc.sync.aligned.u32 " STR(REG_CONSUMER) ";") : : : "memory");
    const int w = role - 1, q = warp % 4, g = lane / 4, t4 = lane % 4;
    float acc[BN / 2];  // lane (g, t4) of warp q: rows 16 q + g and + 8, columns 8 j + 2 t4 and + 1
#pragma unroll
    for (int e = 0; e < BN / 2; e++)
        acc[e] = 0.0f;
#if FLUSH
    float part[BN / 2];  // the products since the last FP32 addition
#pragma unroll
    for (int e = 0; e < BN / 2; e++)
        part[e] = 0.0f;
#if SFLUSH
    const int shift = 0;  // every warpgroup's blocks end at steps t with t % FLUSH == FLUSH - 1
#else
    const int shift = w * FLUSH / CW;  // this warpgroup's blocks end at steps t with (t + shift) % FLUSH == FLUSH - 1
#endif
#else
#define part acc
#endif
    // A's fragments, split, in two sets used by alternate steps: the products of a step read its set
    // until they finish, while the next step fills the other.
    uint ahi[2][KK][4], alo[2][KK][4];
#pragma unroll
    for (int P = 0; P < 2; P++)
#pragma unroll
        for (int kk = 0; kk < KK; kk++)
#pragma unroll
            for (int e = 0; e < 4; e++)
                ahi[P][kk][e] = alo[P][kk][e] = 0u;
#if ASRC
    // Raw fragments of the next AHEAD steps (set P: the steps t with t % AHEAD == P).
    __global const float* pa = A + (i0 + 64 * w + 16 * q + g) * lda + z * K + 2 * t4;
    float4 araw[AHEAD][KK];
#pragma unroll
    for (int P = 0; P < AHEAD; P++)
        if (steps > P)
            LOAD_A(P, P);
#endif
    int pending = -1;  // a step whose stage this warp has not yet given back (its products may run)

    // UNROLL steps an iteration, P = 0 ... UNROLL - 1 (unrolled: P selects the sets at compile time;
    // the split A of step t in set t % 2, the raw A in set t % AHEAD).
    for (int t0 = 0; t0 < steps; t0 += UNROLL)
#pragma unroll
    for (int P = 0; P < UNROLL; P++) {
        const int t = t0 + P;
        if (t >= steps)
            break;
        const int s = t % STAGES;
        mbarWait(FULL(s), (t / STAGES) & 1);  // the stage's bytes have landed
        const uint stage = ring0 + s * STAGE_BYTES;
#pragma unroll
        for (int kk = 0; kk < KK; kk++) {
#if ASRC
            const float4 x = araw[P % AHEAD][kk];
#else
            const float4 x = ring[s * (STAGE_BYTES / 16) + (w * KK + kk) * 128 + q * 32 + lane];
#endif
            SPLIT_A(P % 2, kk, x);
        }
#if ASRC
        if (t + AHEAD < steps)
            LOAD_A(P % AHEAD, t + AHEAD);
#endif
        KEEP_A(P % 2);  // A's registers written before the fence, read after it
#if FLUSH && SFLUSH
        const int fresh = P % FLUSH == 0;  // the block starts at zero (t0 is a multiple of UNROLL)
#elif FLUSH
        const int fresh = (t + shift) % FLUSH == 0;  // the block starts at zero
#else
        const int fresh = 0;
#endif
        TOUCH_N("wgmma.fence.sync.aligned;", part);
#pragma unroll
        for (int kk = 0; kk < KK; kk++) {
            const ulong dhi = descriptor(stage + A_BYTES + kk * 256);
            const ulong dlo = descriptor(stage + A_BYTES + BN * BK * 4 + kk * 256);
            WGMMA_RS_N(part, alo[P % 2][kk], dhi, (kk > 0 || !fresh));  // the small products first
            WGMMA_RS_N(part, ahi[P % 2][kk], dlo, 1);
            WGMMA_RS_N(part, ahi[P % 2][kk], dhi, 1);
        }
        TOUCH_N("wgmma.commit_group.sync.aligned;", part);
#if FLUSH
#if SFLUSH
        if (P % FLUSH == FLUSH - 1) {  // known at compile time; the last partial block: after the loop
#else
        if ((t + shift) % FLUSH == FLUSH - 1 || t == steps - 1) {
#endif
            TOUCH_N("wgmma.wait_group.sync.aligned 0;", part);  // every product so far has finished
            KEEP_A(0);
            KEEP_A(1);
            if (lane == 0) {
                if (pending >= 0)
                    mbarArrive(EMPTY(pending % STAGES));
                mbarArrive(EMPTY(s));
            }
            pending = -1;
#pragma unroll
            for (int e = 0; e < BN / 2; e++)
                acc[e] += part[e];  // rounded to nearest, as FP32 does
            continue;
        }
#endif
        TOUCH_N("wgmma.wait_group.sync.aligned 1;", part);  // all but this step's products have finished
        KEEP_A(1 - P % 2);
        if (lane == 0 && pending >= 0)
            mbarArrive(EMPTY(pending % STAGES));
        pending = t;
    }
#if FLUSH && SFLUSH
    TOUCH_N("wgmma.wait_group.sync.aligned 0;", part);  // the last block's products, added below
#endif
    TOUCH_N("wgmma.wait_group.sync.aligned 0;", acc);
    if (lane == 0 && pending >= 0)
        mbarArrive(EMPTY(pending % STAGES));
#if FLUSH && SFLUSH
    if (steps % FLUSH != 0) {  // the last block ended with the loop, before its addition
#pragma unroll
        for (int e = 0; e < BN / 2; e++)
            acc[e] += part[e];
    }
#endif

    __global float* c = C + (i0 + 64 * w + 16 * q + g) * ldc + j0 + 2 * t4;
#pragma unroll
    for (int j = 0; j < BN / 8; j++) {
        vstore2((float2)(acc[4 * j], acc[4 * j + 1]), 0, c + 8 * j);
        vstore2((float2)(acc[4 * j + 2], acc[4 * j + 3]), 0, c + 8 * ldc + 8 * j);
    }
}

#endif  // the main loop
#endif  // BM, BN, BK
