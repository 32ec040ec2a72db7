// Exercise 9b, the competition's answer: C = A * B (M x N = M x K times K x N, row-major) with each
// work-item computing a small tile of C in registers. Two kernels, one for each kind of device; the
// host's tuner times both with several parameter sets and keeps the fastest on each device.
//
// The host pads every matrix with zeros to whole tiles (at most one tile per dimension), so M, N and
// K here are multiples of the tile sizes and the kernels need no bounds checks; the zeros add
// nothing to the sums. lda, ldb and ldc are the row pitches of A, B and C in floats (at least K, N
// and N): the host may make a row a little longer than needed, so that rows 2^n floats apart do not
// all fall into the same few sets of a CPU cache. All parameters are compile-time constants
// (-DNAME=value build options), so the loops over a tile unroll completely and the tile lives in
// registers.
//
// Split K (KS for sgemm_tiles, KC for sgemm_panel; without them the kernels are compiled without
// it, as it costs registers): both kernels may run with a third dimension of work-groups, one per
// slice of K. Work-group z then multiplies columns z K ... z K + K - 1 of A with the same rows of B (K is the slice's
// length here) and writes its partial C into slice z of a C that many times taller; sum_slices
// adds the slices into the first one (sgemm_panel instead adds each slice to C in place, below).
// On a GPU that makes more work-groups where C alone has too few tiles to fill the compute units;
// on a CPU it keeps the slice of B a work-item streams in its core's cache.

// ---------------------------------------------------------------------------------------------------
// The order of the work-groups' tiles (sgemm_tiles; the competition module's kernels, which include
// this file, use it too).
// ---------------------------------------------------------------------------------------------------
#if defined(BM) && defined(BN)
// The tile of C this work-group computes: (row, float4 column) of its first element. With GM the
// work-groups go down bands of GM tile rows, column by column, so that the work-groups running at
// the same time share GM panels of A and a few panels of B in the L2 cache; without, along rows.
inline int2 tileOrigin(void)
{
#ifdef GM
    const int across = get_num_groups(0), down = get_num_groups(1);
    const int id = get_group_id(1) * across + get_group_id(0), band = id / (GM * across);
    const int rows = down - band * GM < GM ? down - band * GM : GM, within = id % (GM * across);
    return (int2)((band * GM + within % rows) * BM, (within / rows) * (BN / 4));
#else
    return (int2)(get_group_id(1) * BM, get_group_id(0) * (BN / 4));
#endif
}
#endif

// ---------------------------------------------------------------------------------------------------
// sgemm_tiles: for GPUs. A work-group computes a BM x BN tile of C; each of its (BN/TN) x (BM/TM)
// work-items computes TM x TN elements of it. Per step of BK along K the work-group copies a BM x BK
// tile of A and a BK x BN tile of B into local memory (float4 loads from global memory, A stored
// transposed so that a work-item reads its TM values of A as float4s too), then every work-item does
// TM x TN multiply-adds per k from registers. With DB=1 the next tiles are loaded from global memory
// into registers while the current ones are used, and stored into the second half of a double
// buffer, so one barrier per step suffices.
//
//   BM, BN, BK  the work-group's tile of C and the depth of a step (multiples of 4)
//   TM, TN      the work-item's tile of C (multiples of 4)
//   WARPX       work-items along a row of C within each group of 32 consecutive work-items (a NVIDIA
//               warp): 32 arranges a warp as 1 x 32, 8 as 4 x 8 (a squarer patch reads less local memory)
//   DB          1: double-buffered local tiles, 0: one buffer and two barriers per step
// The work-items' rows and columns are interleaved (work-item x owns float4 columns x, x + WX, ...),
// so neighbouring work-items read neighbouring float4s of local memory and write neighbouring
// float4s of C.
// ---------------------------------------------------------------------------------------------------
#if defined(BM) && defined(BN) && defined(BK) && defined(TM) && defined(TN)

#ifndef WARPX
#define WARPX (BN / TN)
#endif
#ifndef DB
#define DB 1
#endif

#define WX (BN / TN)      // work-items along a row of the tile
#define WY (BM / TM)      // ... and along a column
#define WG (WX * WY)      // work-group size (one dimension)
#ifndef AS  // (a kernel that includes this file may lay out its A tile otherwise)
#define AS (BM / 4 + 1)   // float4s per row of the transposed A tile (+1: spreads the transposing stores over banks)
#endif
#define LA (BM * BK / 4 / WG)  // float4s of A each work-item loads per step
#define LB (BK * BN / 4 / WG)  // ... and of B
#define NBUF (DB ? 2 : 1)

#if (BM * BK / 4) % WG != 0 || (BK * BN / 4) % WG != 0 || BK % 4 != 0 || TM % 4 != 0 || TN % 4 != 0
#error "sgemm_tiles: each work-item must load whole float4s of A and B (BM*BK/4 and BK*BN/4 multiples of the work-group size)"
#endif
#if WX % WARPX != 0 || (WG >= 32 && (32 % WARPX != 0 || WY % (32 / WARPX) != 0))
#error "sgemm_tiles: WARPX must divide 32 and BN/TN, and 32/WARPX must divide BM/TM"
#endif

// Global memory -> registers: float4 number l of each tile goes to work-item l % WG.
// One step's TM x TN multiply-adds per k, from the local tiles Asub[buf], Bsub[buf] through
// registers into acc (both GPU kernels; a macro, so that each kernel's private arrays stay its own).
#define MULTIPLY_TILES(buf)                                                                   \
    _Pragma("unroll") for (int k = 0; k < BK; k++) {                                          \
        float4 a[TM / 4], b[TN / 4];                                                          \
        _Pragma("unroll") for (int r = 0; r < TM / 4; r++) a[r] = Asub[buf][k][r * WY + ty];  \
        _Pragma("unroll") for (int c = 0; c < TN / 4; c++) b[c] = Bsub[buf][k][c * WX + tx];  \
        _Pragma("unroll") for (int r = 0; r < TM / 4; r++)                                    \
        _Pragma("unroll") for (int c = 0; c < TN / 4; c++) {                                  \
            acc[4 * r + 0][c] = fma((float4)(a[r].x), b[c], acc[4 * r + 0][c]);               \
            acc[4 * r + 1][c] = fma((float4)(a[r].y), b[c], acc[4 * r + 1][c]);               \
            acc[4 * r + 2][c] = fma((float4)(a[r].z), b[c], acc[4 * r + 2][c]);               \
            acc[4 * r + 3][c] = fma((float4)(a[r].w), b[c], acc[4 * r + 3][c]);               \
        }                                                                                     \
    }

// The work-item's TM x TN block of C, from acc to global memory (both GPU kernels).
#define STORE_TILE()                                                                          \
    _Pragma("unroll") for (int r = 0; r < TM / 4; r++)                                        \
    _Pragma("unroll") for (int e = 0; e < 4; e++) {                                           \
        const int i = i0 + 4 * (r * WY + ty) + e;                                             \
        _Pragma("unroll") for (int c = 0; c < TN / 4; c++)                                    \
            C[i * ldc4 + j04 + c * WX + tx] = acc[4 * r + e][c];                              \
    }

inline void loadTiles(__global const float4* A, __global const float4* B, int lda4, int ldb4,
                      int i0, int j04, int k0, int lid, __private float4* ra, __private float4* rb)
{
#pragma unroll
    for (int q = 0; q < LA; q++) {
        const int l = lid + q * WG;
        ra[q] = A[(i0 + l / (BK / 4)) * lda4 + k0 / 4 + l % (BK / 4)];
    }
#pragma unroll
    for (int q = 0; q < LB; q++) {
        const int l = lid + q * WG;
        rb[q] = B[(k0 + l / (BN / 4)) * ldb4 + j04 + l % (BN / 4)];
    }
}

// Registers -> local memory; A is transposed on the way (row m of the A tile becomes column m).
inline void storeTiles(__local float4 (*Asub)[AS], __local float4 (*Bsub)[BN / 4], int lid,
                       const __private float4* ra, const __private float4* rb)
{
    __local float* at = (__local float*)Asub;
#pragma unroll
    for (int q = 0; q < LA; q++) {
        const int l = lid + q * WG;
        const int m = l / (BK / 4), k = (l % (BK / 4)) * 4;
        at[(k + 0) * AS * 4 + m] = ra[q].x;
        at[(k + 1) * AS * 4 + m] = ra[q].y;
        at[(k + 2) * AS * 4 + m] = ra[q].z;
        at[(k + 3) * AS * 4 + m] = ra[q].w;
    }
#pragma unroll
    for (int q = 0; q < LB; q++) {
        const int l = lid + q * WG;
        Bsub[l / (BN / 4)][l % (BN / 4)] = rb[q];
    }
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void sgemm_tiles(const int M, const int N, const int K,
                 __global const float4* restrict A, const int lda,
                 __global const float4* restrict B, const int ldb,
                 __global float4* restrict C, const int ldc)
{
    __local float4 Asub[NBUF][BK][AS];      // Asub[.][k][m/4]: the A tile, transposed
    __local float4 Bsub[NBUF][BK][BN / 4];  // Bsub[.][k][n/4]

    // This work-item's place (tx, ty) in the WX x WY grid, groups of 32 forming WARPX-wide patches.
    const int lid = get_local_id(0);
#if WG >= 32
    const int lane = lid % 32, warp = lid / 32;
    const int tx = (warp % (WX / WARPX)) * WARPX + lane % WARPX;
    const int ty = (warp / (WX / WARPX)) * (32 / WARPX) + lane / WARPX;
#else
    const int tx = lid % WX, ty = lid / WX;
#endif
    const int lda4 = lda / 4, ldb4 = ldb / 4, ldc4 = ldc / 4;  // row pitches in float4s
#if defined(KS) && KS > 1
    const int z = get_group_id(2);  // split K: this work-group's slice of K, and its slice of C
    A += z * (K / 4);
    B += z * K * ldb4;
    C += z * M * ldc4;
#endif
    const int2 origin = tileOrigin();
    const int i0 = origin.x;   // the tile's first row ...
    const int j04 = origin.y;  // ... and first float4 column

    float4 acc[TM][TN / 4];
#pragma unroll
    for (int r = 0; r < TM; r++)
#pragma unroll
        for (int c = 0; c < TN / 4; c++)
            acc[r][c] = (float4)(0.0f);

    float4 ra[LA], rb[LB];
    loadTiles(A, B, lda4, ldb4, i0, j04, 0, lid, ra, rb);
    storeTiles(Asub[0], Bsub[0], lid, ra, rb);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k0 = 0; k0 < K; k0 += BK) {
        const bool more = k0 + BK < K;
#if DB
        const int buf = (k0 / BK) % 2;
        if (more)  // the next tiles are on their way from global memory while we compute
            loadTiles(A, B, lda4, ldb4, i0, j04, k0 + BK, lid, ra, rb);
#else
        const int buf = 0;
#endif
        MULTIPLY_TILES(buf);  // TM x TN multiply-adds per k, from local memory through registers
#if DB
        if (more)  // the other buffer, last read before the previous barrier
            storeTiles(Asub[1 - buf], Bsub[1 - buf], lid, ra, rb);
        barrier(CLK_LOCAL_MEM_FENCE);
#else
        barrier(CLK_LOCAL_MEM_FENCE);  // everyone is done with the tiles ...
        if (more) {
            loadTiles(A, B, lda4, ldb4, i0, j04, k0 + BK, lid, ra, rb);
            storeTiles(Asub[0], Bsub[0], lid, ra, rb);
            barrier(CLK_LOCAL_MEM_FENCE);  // ... and the next ones are in place
        }
#endif
    }

    STORE_TILE();  // work-item (tx, ty) owns rows 4 (r WY + ty) + e and float4 columns c WX + tx
}

#endif  // sgemm_tiles

// ---------------------------------------------------------------------------------------------------
// sgemm_panel: for CPUs. One work-item computes an RM x (NV * VW) block of C: RM rows, NV vectors of
// VW floats each. Per k it loads NV vectors of a row of B, and for each of its RM rows multiplies
// one element of A (copied into every lane) into them: RM x NV vector multiply-adds with RM x NV
// accumulators in vector registers - the inner kernel of a CPU BLAS, written in OpenCL C. Work-groups
// of one work-item let the compiler keep the block in registers (no loop over work-items).
// Dimension 0 runs down the rows of C, so the work-groups a CPU thread runs one after the other use
// the same column panel of B (K x NV*VW floats), which stays in its cache (with RB, along the panels).
//
//   RM      rows per work-item
//   VW      vector width (4, 8 or 16 floats: SSE, AVX, AVX-512)
//   NV      vectors per row
//   KC      (optional) split K into slices of at most KC: the host launches one slice after the
//           other (the global offset of dimension 2 is the slice's number); the first writes C and
//           each later one adds its part to it, so no partial C and no sum_slices pass are needed
//   PB      (optional, 1) B packed by pack_b into column panels, [panel][k][NV * VW]: a work-item reads
//           one contiguous stream (a few pages) instead of one row of B, one page, per k; ldb is then
//           the distance from one panel to the next
//   PA      (optional, 1) A packed by pack_a into blocks of RM rows, [block][k][RM]: one stream of
//           A per work-item instead of RM; lda is then the distance from one block to the next
//   RB      (optional) blocks of RM rows per work-item: it runs down a band of RB x RM rows with
//           its panel of B, and dimension 0 runs along the panels, so that the band's rows of A
//           (RB x RM x K floats) stay in a core's L2 while the work-items take one panel of B after
//           the other (without, all of A passes through the cache once per panel of B)
//   PF      (optional, 1) prefetch the work-item's rows of C (below)
// ---------------------------------------------------------------------------------------------------
#if defined(RM) && defined(VW) && defined(NV)

#define VEC_(w) float##w
#define VEC(w) VEC_(w)
#define VLOAD_(w) vload##w
#define VLOAD(w) VLOAD_(w)
#define VSTORE_(w) vstore##w
#define VSTORE(w) VSTORE_(w)
#define floatv VEC(VW)

#define PW (NV * VW)  // the width of a panel of B: the columns of C a work-item computes

// PF=1: the work-item asks for its rows of C at its start, so that they are in the cache when it adds
// to them or stores them at its end. OpenCL's prefetch() does nothing on PoCL 3.1; clang's
// __builtin_prefetch (prefetcht0 on x86-64) does, where the kernel is compiled for the CPU itself
// (oclgrind's and the GPUs' compilers target SPIR or PTX and would not know it).
#if defined(PF) && PF && defined(__x86_64__)
#define PREFETCH(p) __builtin_prefetch((p), 1, 3)
#else
#define PREFETCH(p)
#endif

#if defined(PB) && PB
// Packs the padded B (K x N, row pitch ldb) into column panels of PW floats: Bp[panel][k][PW].
// Work-item (panel, k) copies the panel's part of row k.
__kernel void pack_b(const int K, __global const float* restrict B, const int ldb, __global float* restrict Bp)
{
    const int panel = get_global_id(0), k = get_global_id(1);
    const __global float* from = B + (size_t)k * ldb + panel * PW;
    __global float* to = Bp + ((size_t)panel * K + k) * PW;
#pragma unroll
    for (int v = 0; v < NV; v++)
        VSTORE(VW)(VLOAD(VW)(v, from), v, to);
}
#endif

#if defined(PA) && PA
// Packs the padded A (M x K, row pitch lda) into blocks of RM rows: Ap[block][k][RM].
// Work-item (x, block) copies columns x VW ... x VW + VW - 1 of the block: RM vector loads, one
// contiguous run of RM x VW floats written.
__kernel void pack_a(const int K, __global const float* restrict A, const int lda, __global float* restrict Ap)
{
    const int k0 = get_global_id(0) * VW, block = get_global_id(1);
    floatv rows[RM];
#pragma unroll
    for (int r = 0; r < RM; r++)
        rows[r] = VLOAD(VW)(0, A + (size_t)(block * RM + r) * lda + k0);
    __global float* out = Ap + ((size_t)block * K + k0) * RM;
#pragma unroll
    for (int kk = 0; kk < VW; kk++)
#pragma unroll
        for (int r = 0; r < RM; r++)
            out[kk * RM + r] = ((float*)&rows[r])[kk];
}
#endif

__kernel void sgemm_panel(const int M, const int N, const int K,
                          __global const float* restrict A, const int lda,
                          __global const float* restrict B, const int ldb,
                          __global float* restrict C, const int ldc)
{
#ifdef RB
    // RB blocks of RM rows (fewer in the last band), one after the other with the same panel of B.
    const int j0 = get_global_id(0) * PW;
    const int first = get_global_id(1) * RB, blocks = M / RM - first < RB ? M / RM - first : RB;
    for (int i0 = first * RM; i0 < (first + blocks) * RM; i0 += RM) {
#else
    const int i0 = get_global_id(0) * RM;
    const int j0 = get_global_id(1) * PW;
#endif
    floatv acc[RM][NV];
#pragma unroll
    for (int r = 0; r < RM; r++)
#pragma unroll
        for (int v = 0; v < NV; v++)
            acc[r][v] = (floatv)(0.0f);
#pragma unroll
    for (int r = 0; r < RM; r++)
        PREFETCH(C + (size_t)(i0 + r) * ldc + j0);

#if defined(PA) && PA
#define A_STEP RM    // floats from one k to the next, and from one row to the next, in packed A
#define A_ROW 1
    const __global float* a = A + (size_t)(i0 / RM) * lda;
#else
#define A_STEP 1
#define A_ROW lda
    const __global float* a = A + (size_t)i0 * lda;
#endif
#if defined(PB) && PB
#define B_STEP PW    // floats from one k to the next in packed B
    const __global float* b = B + (size_t)(j0 / PW) * ldb;
#else
#define B_STEP ldb
    const __global float* b = B + j0;
#endif
#ifdef KC
    const size_t z = get_global_id(2);  // split K: this launch's slice of K (the host launches them in order)
    a += z * K * A_STEP;
    b += z * K * B_STEP;
#endif
    for (int k = 0; k < K; k++, a += A_STEP, b += B_STEP) {
        floatv bk[NV];
#pragma unroll
        for (int v = 0; v < NV; v++)
            bk[v] = VLOAD(VW)(0, b + v * VW);
#pragma unroll
        for (int r = 0; r < RM; r++) {
            const floatv ark = (floatv)(a[r * A_ROW]);
#pragma unroll
            for (int v = 0; v < NV; v++)
                acc[r][v] = fma(ark, bk[v], acc[r][v]);
        }
    }

#ifdef KC
    if (z > 0)  // the slices before this one have left their sum in C: add to it
#pragma unroll
        for (int r = 0; r < RM; r++)
#pragma unroll
            for (int v = 0; v < NV; v++)
                acc[r][v] += VLOAD(VW)(0, C + (size_t)(i0 + r) * ldc + j0 + v * VW);
#endif
#pragma unroll
    for (int r = 0; r < RM; r++)
#pragma unroll
        for (int v = 0; v < NV; v++)
            VSTORE(VW)(acc[r][v], 0, C + (size_t)(i0 + r) * ldc + j0 + v * VW);
#ifdef RB
    }
#endif
}

#endif  // sgemm_panel

// ---------------------------------------------------------------------------------------------------
// sum_slices: the last step of split K. C holds `slices` partial products of n floats each, one
// after the other; the first becomes their sum.
// ---------------------------------------------------------------------------------------------------
__kernel void sum_slices(__global float* C, const int n, const int slices)
{
    const int i = get_global_id(0);
    if (i < n) {
        float sum = C[i];
        for (int z = 1; z < slices; z++)
            sum += C[(size_t)z * n + i];
        C[i] = sum;
    }
}
