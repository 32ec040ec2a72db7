// Exercise 9b, the answer: register-tiled kernels whose parameters a tuner picks on each device.
#include "sgemm.hpp"

#include <algorithm>
#include <climits>
#include <optional>
#include <ostream>

#include "hoc/data.hpp"
#include "hoc/device.hpp"
#include "hoc/errors.hpp"
#include "hoc/limits.hpp"
#include "hoc/program.hpp"
#include "support/peers.hpp"

namespace {

const char* kKernelFile = "matmul_competition.cl";

// ks: split K into that many slices (more work-groups for small C on a GPU).
Variant tiles(int bm, int bn, int bk, int tm, int tn, int warpx, int db, int skew = 0, int ks = 1)
{
    Variant v{"sgemm_tiles",
              {{"BM", bm}, {"BN", bn}, {"BK", bk}, {"TM", tm}, {"TN", tn}, {"WARPX", warpx}, {"DB", db}, {"SKEW", skew}}};
    if (ks > 1)
        v.values["KS"] = ks;
    return v;
}

// sgemm_async: sgemm_tiles whose tiles travel by cp.async, STAGES steps of K in flight (NVIDIA only).
Variant async(int bm, int bn, int bk, int tm, int tn, int warpx, int stages, int ks = 1)
{
    Variant v{"sgemm_async",
              {{"BM", bm}, {"BN", bn}, {"BK", bk}, {"TM", tm}, {"TN", tn}, {"WARPX", warpx}, {"STAGES", stages}, {"SKEW", 0}}};
    if (ks > 1)
        v.values["KS"] = ks;
    return v;
}

// v with its work-groups in bands of gm tile rows (they share panels of A and B in the L2 cache).
Variant banded(Variant v, int gm)
{
    v.values["GM"] = gm;
    return v;
}

// v with the optional flag `name` (AT) set to 1.
Variant with(Variant v, const char* name)
{
    v.values[name] = 1;
    return v;
}

// True on an NVIDIA GPU of compute capability 8.0 or newer, which has cp.async (and whose OpenCL
// compiler takes inline PTX): its compute capability comes from cl_nv_device_attribute_query.
bool hasCpAsync(const cl::Device& device)
{
    if (device.getInfo<CL_DEVICE_VENDOR>().find("NVIDIA") == std::string::npos ||
        device.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_nv_device_attribute_query") == std::string::npos)
        return false;
    const cl_device_info kComputeCapabilityMajor = 0x4000;  // CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
    cl_uint major = 0;
    return clGetDeviceInfo(device(), kComputeCapabilityMajor, sizeof(major), &major, nullptr) == CL_SUCCESS && major >= 8;
}

// sgemm_tc: the tensor cores, each product as three TF32 products ("3xTF32", FP32 accuracy; NVIDIA
// compute capability 8.0 and newer only): BM x BN tiles, (BM/WM) x (BN/WN) warps, steps of BK in STAGES
// cp.async stages; split 1: each element split into TF32 hi and lo once, as it lands, 0: by every warp
// that reads it, 2: A as it lands, B by every warp; flush F: the tensor cores' sums of F fragment
// steps (8 F products) added in FP32, 0: never; fastrna 1: the rounding to TF32 in integer operations;
// lotrunc 1: the remainder lo passed to the tensor cores unrounded (they truncate it); with(v, "HITRUNC"):
// x itself passed as hi (truncated by the tensor cores too).
Variant tc(int bm, int bn, int bk, int wm, int wn, int stages, int split, int flush, int fastrna, int lotrunc, int ks = 1)
{
    Variant v{"sgemm_tc",
              {{"BM", bm}, {"BN", bn}, {"BK", bk}, {"WM", wm}, {"WN", wn}, {"STAGES", stages}, {"SPLIT", split},
               {"FLUSH", flush}, {"FASTRNA", fastrna}, {"LOTRUNC", lotrunc}}};
    if (ks > 1)
        v.values["KS"] = ks;
    return v;
}

// A variant whose kernel `does` something in PTX that needs compute capability 8.0: an error elsewhere.
void requireSm80(const cl::Device& device, const Variant& variant, const std::string& does)
{
    if (!hasCpAsync(device))
        throw hoc::Failure("variant '" + variant.text() + "' needs an NVIDIA GPU of compute capability 8.0 or newer (its kernel " +
                           does + ", in PTX); this device is " + device.getInfo<CL_DEVICE_NAME>());
}

// kc: split K into slices of at most kc (the slice of B a work-item streams stays in a CPU core's cache).
Variant panel(int rm, int vw, int nv, int skew = 1, int kc = 0)
{
    Variant v{"sgemm_panel", {{"RM", rm}, {"VW", vw}, {"NV", nv}, {"SKEW", skew}}};
    if (kc > 0)
        v.values["KC"] = kc;
    return v;
}

// v with B packed into column panels (pb), A into blocks of rows (pa), rb blocks of rows per
// work-item, and its rows of C prefetched (pf).
Variant packed(Variant v, int pb, int pa, int rb, int pf)
{
    v.values["PB"] = pb;
    v.values["PA"] = pa;
    v.values["RB"] = rb;
    v.values["PF"] = pf;
    return v;
}

}  // namespace

std::vector<Variant> sgemmVariants(const cl::Device& device, bool quick)
{
    if (quick)  // small tiles that run anywhere and cover every code path of both kernels
        return {tiles(32, 32, 8, 4, 4, 8, 1), tiles(16, 16, 4, 4, 4, 4, 0, 1), panel(6, 8, 2), tiles(16, 16, 4, 4, 4, 4, 1, 0, 3),
                panel(6, 8, 2, 1, 16), banded(tiles(16, 16, 4, 4, 4, 4, 1), 3), packed(panel(6, 8, 2, 1, 16), 1, 1, 3, 1),
                packed(panel(4, 4, 2), 0, 1, 2, 0)};
    const bool cpu = (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
    if (cpu) {  // register blocks for AVX2 (8 floats, 16 registers: 6 x 16 and 4 x 24 floats of C) and, where
                // the device's vectors hold 16 floats, AVX-512 (32 registers: 12 x 32 and 6 x 64); K in slices
                // of at most 1024 or 512 (a slice of B 32 or 64 columns wide is then 64 to 256 KB, within a
                // core's L2; which is faster depends on K, so the tuner measures at the problem's K class),
                // one without the skewed pitches to show what they are worth, one tiled kernel to compare,
                // and as a CPU BLAS: B packed into panels (and A into blocks of rows), each work-item down a
                // band of rows whose A stays in the L2, C prefetched
        std::vector<Variant> avx2 = {panel(6, 8, 2, 1, 1024), panel(4, 8, 3, 1, 1024), panel(6, 8, 2, 1, 512),
                                     panel(6, 8, 2, 0, 1024), tiles(32, 32, 8, 4, 4, 8, 1),
                                     packed(panel(6, 8, 2, 1, 512), 1, 0, 16, 1), packed(panel(6, 8, 2, 1, 1024), 1, 1, 16, 1),
                                     packed(panel(4, 8, 3, 1, 1024), 1, 0, 24, 1), packed(panel(6, 8, 2, 1, 1024), 1, 0, 8, 1)};
        // 16-float blocks only on 16-float vectors: with 8 (AVX2) they never won and the compiler warns
        // that a float16 passed to a built-in function "changes the ABI" (-Wpsabi)
        if (device.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT>() < 16)
            return avx2;
        std::vector<Variant> avx512 = {panel(12, 16, 2, 1, 1024), panel(6, 16, 4, 1, 1024), panel(12, 16, 2, 1, 512),
                                       panel(6, 16, 4, 1, 512), panel(12, 16, 2, 0, 1024),
                                       packed(panel(12, 16, 2, 1, 1024), 1, 0, 8, 1), packed(panel(12, 16, 2, 1, 1024), 1, 1, 8, 1),
                                       packed(panel(6, 16, 4, 1, 512), 1, 0, 16, 1)};
        avx512.insert(avx512.end(), avx2.begin(), avx2.end());
        return avx512;
    }
    // GPUs: work-groups of 64 to 256, 4 x 4 to 8 x 8 elements per work-item (variants that never won on
    // the H100 are gone: 128 x 256 and 256 x 128 tiles, single-buffered steps, the CPU kernel)
    std::vector<Variant> gpu = {tiles(128, 128, 8, 8, 8, 16, 1), tiles(128, 128, 8, 8, 8, 8, 1), tiles(128, 128, 16, 8, 8, 16, 1),
            tiles(64, 128, 8, 8, 8, 16, 1), tiles(128, 64, 8, 8, 8, 8, 1), tiles(64, 64, 16, 4, 4, 16, 1), tiles(64, 64, 8, 8, 8, 8, 1),
            // split K, for sizes whose C has too few tiles for all compute units
            tiles(128, 128, 8, 8, 8, 8, 1, 0, 2), tiles(128, 128, 8, 8, 8, 8, 1, 0, 4), tiles(64, 128, 8, 8, 8, 16, 1, 0, 2),
            tiles(128, 64, 8, 8, 8, 8, 1, 0, 2)};
    if (hasCpAsync(device))  // NVIDIA sm_80 and newer: asynchronous copies, steps of 16 in 2 to 4 stages, banded order
        for (const Variant& v : {banded(async(128, 128, 16, 8, 8, 8, 2), 8), banded(async(128, 128, 16, 8, 8, 8, 2), 4),
                                 async(64, 128, 16, 8, 8, 16, 3), async(128, 64, 16, 8, 8, 8, 3), async(64, 64, 16, 8, 8, 8, 4),
                                 banded(async(128, 128, 16, 8, 8, 8, 2, 2), 8), banded(tiles(128, 128, 8, 8, 8, 8, 1), 4),
                                 // A transposed first (16-byte copies, no padding column: 3 steps of 16 fit into
                                 // 48 KB with 128 x 64 tiles)
                                 with(async(128, 64, 16, 8, 8, 8, 3), "AT")})
            gpu.push_back(v);
    // The tensor cores (the same devices: mma.sync with TF32 came with compute capability 8.0), each
    // variant offered only where its error passes the FP32 rule (tuneSgemm). Every warp splitting its
    // own fragments (SPLIT=0), an FP32 addition per 16 products (FLUSH=2), lo truncated (LOTRUNC=1):
    // 128 x 64 tiles of 4 warps of 64 x 32 (three work-groups fit a compute unit's registers), and
    // 64 x 64 tiles of 4 warps of 32 x 32 (four fit) with hi truncated too (HITRUNC=1), banded or not,
    // also with K in two slices for small C; A split as it lands and B by each warp (SPLIT=2) and both
    // split as they land with cvt.rna.tf32.f32 (SPLIT=1) in 128 x 128 tiles with an FP32 addition per
    // 8 products and lo rounded (the variants of the first build); and one without the FP32 additions
    // (FLUSH=0), the fastest and too inaccurate, which the rule turns away.
    if (hasCpAsync(device))
        for (const Variant& v : {banded(tc(128, 64, 16, 64, 32, 2, 0, 2, 1, 1), 8),
                                 banded(with(tc(64, 64, 16, 32, 32, 3, 0, 2, 1, 1), "HITRUNC"), 8),
                                 with(tc(64, 64, 16, 32, 32, 3, 0, 2, 1, 1), "HITRUNC"),
                                 with(tc(64, 64, 16, 32, 32, 3, 0, 2, 1, 1, 2), "HITRUNC"),
                                 banded(tc(128, 128, 8, 64, 32, 2, 2, 1, 1, 0), 8), banded(tc(128, 128, 8, 64, 32, 3, 1, 1, 0, 0), 8),
                                 banded(tc(128, 64, 16, 64, 32, 2, 0, 0, 1, 1), 8)})
            gpu.push_back(v);
    return gpu;
}

std::string Sgemm::source()
{
    return hoc::readKernelFile(kKernelFile, HOC_KERNEL_DIRS);
}

Sgemm::Sgemm(const cl::Device& device, const Variant& variant) : device_(device), variant_(variant)
{
    // The shape of the work: the tile each work-item and each work-group computes, after checking
    // the parameters against the kernel's rules (its #error lines, and what the host divides by).
    // The GPU kernels' shape: BM x BN tiles of C, steps of BK, work-groups of wg, K in KS slices.
    const auto gpuTiles = [&](int bm, int bn, int bk, int wg) {
        tileM_ = bm;
        tileN_ = bn;
        tileK_ = bk;
        ks_ = variant.values.count("KS") ? variant.within("KS", 1, 16) : 1;
        local_ = cl::NDRange(wg, 1, 1);
    };
    const bool async = variant.kernel == "sgemm_async";
    if (variant.kernel == "sgemm_tiles" || async) {
        variant.only({"BM", "BN", "BK", "TM", "TN", "WARPX", async ? "STAGES" : "DB", "SKEW", "KS", "GM", "AT"});
        const int bm = variant.within("BM", 4, 512), bn = variant.within("BN", 4, 512), bk = variant.within("BK", 4, 64);
        const int tm = variant.within("TM", 4, 32), tn = variant.within("TN", 4, 32), warpx = variant.within("WARPX", 1, 32);
        variant.within(async ? "STAGES" : "DB", async ? 2 : 0, async ? 4 : 1);
        variant.within("SKEW", 0, 1);
        if (variant.values.count("GM"))
            variant.within("GM", 1, 64);
        const bool at = variant.values.count("AT") && variant.within("AT", 0, 1) == 1;
        variant.require(bm % 4 == 0 && bn % 4 == 0 && bk % 4 == 0 && tm % 4 == 0 && tn % 4 == 0,
                        "BM, BN, BK, TM and TN are multiples of 4 (the kernel moves float4s)");
        variant.require(bm % tm == 0 && bn % tn == 0, "TM divides BM and TN divides BN (whole work-items per tile)");
        const int wx = bn / tn, wy = bm / tm, wg = wx * wy;
        variant.require(bm * bk / 4 % wg == 0 && bk * bn / 4 % wg == 0,
                        "BM*BK/4 and BK*BN/4 are multiples of the work-group size (BM/TM)*(BN/TN) = " +
                            std::to_string(wg) + " (every work-item loads whole float4s)");
        variant.require(wx % warpx == 0 && (wg < 32 || (32 % warpx == 0 && wy % (32 / warpx) == 0)),
                        "WARPX divides 32 and BN/TN, and 32/WARPX divides BM/TM");
        variant.require(!async || (wg % 32 == 0 && wg % bk == 0 && wg % (bn / 4) == 0 && bm * bk % wg == 0),
                        "the work-group is whole warps, a multiple of BK and of BN/4, and BM*BK a "
                        "multiple of its size (each work-item copies the same place of every row it copies)");
        variant.require(!at || (async && wg % (bm / 4) == 0 && bm * bk / 4 % wg == 0 && bk % (wg / (bm / 4)) == 0),
                        "AT=1 is for sgemm_async, with the work-group size a multiple of BM/4, BM*BK/4 a multiple "
                        "of it, and BK a multiple of the rows of A^T it copies at once (work-group size / (BM/4))");
        variant.require(!at || !variant.values.count("SKEW") || variant.at("SKEW") == 0,
                        "AT=1 needs SKEW=0 (Exercise 17's transpose makes A^T from rows of exactly K floats)");
        transposeA_ = at;
        if (async)
            requireSm80(device, variant, "copies with cp.async");
        gpuTiles(bm, bn, bk, wg);
    } else if (variant.kernel == "sgemm_tc") {
        variant.only({"BM", "BN", "BK", "WM", "WN", "STAGES", "SPLIT", "FLUSH", "FASTRNA", "LOTRUNC", "HITRUNC", "GM", "KS"});
        const int bm = variant.within("BM", 16, 256), bn = variant.within("BN", 8, 256), bk = variant.within("BK", 8, 64);
        const int wm = variant.within("WM", 16, 128), wn = variant.within("WN", 8, 128);
        variant.within("STAGES", 2, 4);
        const bool split = variant.within("SPLIT", 0, 2) == 1;
        const int flush = variant.within("FLUSH", 0, 8);
        variant.within("FASTRNA", 0, 1);
        const bool lotrunc = variant.values.count("LOTRUNC") && variant.within("LOTRUNC", 0, 1) == 1;
        const bool hitrunc = variant.values.count("HITRUNC") && variant.within("HITRUNC", 0, 1) == 1;
        variant.require(!hitrunc || lotrunc, "HITRUNC=1 needs LOTRUNC=1 (a truncated hi leaves a remainder of up to 2^-10 of x, "
                                             "which the tensor cores then truncate too)");
        if (variant.values.count("GM"))
            variant.within("GM", 1, 64);
        variant.require(bk % 8 == 0 && wm % 16 == 0 && wn % 8 == 0 && bm % wm == 0 && bn % wn == 0,
                        "BK is a multiple of 8, WM of 16 and WN of 8 (the 16 x 8 x 8 tensor-core product), WM divides BM "
                        "and WN divides BN (whole warps per tile)");
        variant.require(flush == 0 || bk / 8 % flush == 0,
                        "FLUSH is 0 or divides BK/8 (an FP32 addition after FLUSH of a step's BK/8 fragment steps)");
        const int wg = (bm / wm) * (bn / wn) * 32;
        variant.require(wg <= 1024, "at most 32 warps per work-group ((BM/WM) x (BN/WN))");
        variant.require(bm * bk / 4 % wg == 0 && bk * bn / 4 % wg == 0,
                        "BM*BK/4 and BK*BN/4 are multiples of the work-group size (BM/WM)*(BN/WN)*32 = " +
                            std::to_string(wg) + " (every work-item copies whole float4s)");
        variant.require(!split || bk * bn / 2 % wg == 0,
                        "with SPLIT=1, BK*BN/2 is a multiple of the work-group size (every work-item splits whole pairs of B)");
        requireSm80(device, variant, "uses the tensor cores with TF32 and cp.async");
        gpuTiles(bm, bn, bk, wg);
    } else if (variant.kernel == "sgemm_panel") {
        variant.only({"RM", "VW", "NV", "SKEW", "KC", "PB", "PA", "RB", "PF"});
        const int rm = variant.within("RM", 1, 32), vw = variant.within("VW", 2, 16), nv = variant.within("NV", 1, 16);
        variant.within("SKEW", 0, 1);
        variant.require(vw == 2 || vw == 4 || vw == 8 || vw == 16, "VW is 2, 4, 8 or 16 (an OpenCL vector width)");
        packB_ = variant.values.count("PB") && variant.within("PB", 0, 1) == 1;
        packA_ = variant.values.count("PA") && variant.within("PA", 0, 1) == 1;
        if (variant.values.count("PF"))
            variant.within("PF", 0, 1);
        tileM_ = rm;
        tileN_ = vw * nv;
        tileK_ = 16;  // not needed by the kernel; lets a row of A get a skewed pitch (SKEW)
        kc_ = variant.values.count("KC") ? variant.within("KC", 16, 1 << 20) : 0;
        local_ = cl::NDRange(1, 1, 1);
        columnsFirst_ = true;
        rb_ = variant.values.count("RB") ? variant.within("RB", 1, 1 << 16) : 0;
    } else {
        throw hoc::UsageError("unknown kernel '" + variant.kernel + "' in variant '" + variant.text() +
                              "' (sgemm_tiles, sgemm_async, sgemm_tc or sgemm_panel)");
    }

    // 1. Platform: a context for the device and a queue with profiling.
    context_ = cl::Context(device);
    queue_ = cl::CommandQueue(context_, device, CL_QUEUE_PROFILING_ENABLE);

    // 2. Program: the variant's parameters become -D options; the device's limits decide whether
    //    this variant can run here at all.
    cl::Program program = hoc::buildProgram(context_, device, kKernelFile, variant.buildOptions());
    kernel_ = cl::Kernel(program, variant.kernel.c_str());
    hoc::requireWorkGroupSize(kernel_, device, local_[0] * local_[1], variant.text());
    hoc::requireLocalMemory(kernel_, device, 0, variant.text());  // its own __local arrays
    if (ks_ > 1)
        sum_ = cl::Kernel(program, "sum_slices");  // split K's last step
    if (packB_)
        packBKernel_ = cl::Kernel(program, "pack_b");
    if (packA_)
        packAKernel_ = cl::Kernel(program, "pack_a");
    if (transposeA_)  // A^T before each multiplication: Exercise 17's padded transpose, 32 x 32 blocks
        transpose_ = cl::Kernel(hoc::buildProgram(context_, device, "transpose.cl", "-DTILE=32 -DROWS=8"),
                                "transpose_padded");
}

void Sgemm::upload(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d)
{
    if (d.m == 0 || d.n == 0 || d.k == 0 || a.size() != d.m * d.k || b.size() != d.k * d.n)
        throw hoc::Failure("C = A * B needs M, N, K >= 1, A with M x K and B with K x N elements (" + d.text() + ")");
    dims_ = d;
    // Split K: `slices_` slices of sliceK_ (whole steps of the kernel) each; one slice without KS or KC.
    const std::size_t steps = hoc::roundUp(d.k, tileK_) / tileK_;
    slices_ = kc_ > 0 ? (d.k + kc_ - 1) / kc_ : std::min<std::size_t>(ks_, steps);
    sliceK_ = (steps + slices_ - 1) / slices_ * tileK_;
    padded_ = {hoc::roundUp(d.m, tileM_), hoc::roundUp(d.n, tileN_), slices_ * sliceK_};
    const hoc::matmul::Dims& p = padded_;
    // Row pitches: a padded row of a multiple of 256 floats is made 16 floats (one cache line) longer
    // if the variant asks for it (SKEW=1); otherwise rows 2^n floats apart all map to the same few
    // sets of a CPU's caches and keep evicting each other (N = 1000 pads to 1024 as much as 1024 does).
    const bool skew = variant_.values.count("SKEW") && variant_.at("SKEW") == 1;
    const auto pitch = [&](std::size_t padded) { return skew && padded % 256 == 0 ? padded + 16 : padded; };
    lda_ = pitch(p.k);
    ldb_ = pitch(p.n);
    // C holds one partial product per slice with KS; sgemm_panel's slices (KC) add to C in place.
    const std::size_t partials = kc_ > 0 ? 1 : slices_;
    const std::size_t largest = std::max({p.m * lda_, p.k * ldb_, partials * p.m * ldb_});
    if (largest > INT_MAX)
        throw hoc::UsageError(d.text() + " is too large: the kernels index a matrix with an int (at most " +
                              std::to_string(INT_MAX) + " elements, padded to whole tiles)");
    hoc::requireBuffers(device_, sizeof(float) * largest, transposeA_ ? 4 : 3, d.text());  // (AT: A^T too)

    // 3. Memory: A, B and C padded to whole tiles (at most one tile more per dimension). The padding
    //    of A and B is zero, so it adds nothing; the padding of C is never read back. C has B's pitch,
    //    and with KS one slice of partial sums per slice of K (the first gets their sum).
    a_ = cl::Buffer(context_, CL_MEM_READ_ONLY, sizeof(float) * p.m * lda_);
    b_ = cl::Buffer(context_, CL_MEM_READ_ONLY, sizeof(float) * p.k * ldb_);
    c_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * partials * p.m * ldb_);
    //    sgemm_panel with PB or PA: A and B packed for the kernel (part of every run, so timed with it).
    if (packB_)
        packedB_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * p.k * p.n);
    if (packA_)
        packedA_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * p.m * p.k);
    //    A padded matrix is laid out at its pitch on the host and written whole (not filled with
    //    clEnqueueFillBuffer and then written as a rectangle: oclgrind's uninitialized-memory check
    //    does not count a fill as a write).
    const auto put = [&](const cl::Buffer& buffer, const std::vector<float>& host, std::size_t rows, std::size_t cols,
                         std::size_t paddedRows, std::size_t pitch) {
        if (rows == paddedRows && cols == pitch) {
            queue_.enqueueWriteBuffer(buffer, CL_TRUE, 0, sizeof(float) * host.size(), host.data());
            return;
        }
        std::vector<float> padded(paddedRows * pitch, 0.0f);
        for (std::size_t r = 0; r < rows; ++r)
            std::copy_n(host.begin() + static_cast<std::ptrdiff_t>(r * cols), cols,
                        padded.begin() + static_cast<std::ptrdiff_t>(r * pitch));
        queue_.enqueueWriteBuffer(buffer, CL_TRUE, 0, sizeof(float) * padded.size(), padded.data());
    };
    put(a_, a, d.m, d.k, p.m, lda_);
    put(b_, b, d.k, d.n, p.k, ldb_);
    if (transposeA_)  // room for A^T (K x M at the pitch of M), which run() fills before each multiplication
        at_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * p.k * p.m);
}

hoc::EventSpan Sgemm::run()
{
    if (padded_.m == 0)
        throw hoc::Failure("Sgemm::run() before upload()");
    // 4. Kernel: the padded sizes (K: one slice's), the buffers and their row pitches.
    kernel_.setArg(0, static_cast<int>(padded_.m));
    kernel_.setArg(1, static_cast<int>(padded_.n));
    kernel_.setArg(2, static_cast<int>(sliceK_));
    //    Packed A and B (sgemm_panel): the pitch becomes the distance from one block of rows, or
    //    panel, to the next; A^T (the GPU kernels' AT) has M floats per row.
    kernel_.setArg(3, packA_ ? packedA_ : transposeA_ ? at_ : a_);
    kernel_.setArg(4, static_cast<int>(packA_ ? padded_.k * tileM_ : transposeA_ ? padded_.m : lda_));
    kernel_.setArg(5, packB_ ? packedB_ : b_);
    kernel_.setArg(6, static_cast<int>(packB_ ? padded_.k * tileN_ : ldb_));
    kernel_.setArg(7, c_);
    kernel_.setArg(8, static_cast<int>(ldb_));

    // 5. Commands: one work-group per tile of C and slice of K; dimension 0 along a row of tiles,
    //    except where the kernel asks for the tiles down a column first. With KS the slices' partial
    //    sums are then added up; with KC the slices run one after the other (the in-order queue
    //    sees to that), each adding to C.
    const std::size_t across = padded_.n / tileN_, down = padded_.m / tileM_;
    const cl::NDRange global = rb_ > 0 ? cl::NDRange(across, (down + rb_ - 1) / rb_, slices_)
                               : columnsFirst_ ? cl::NDRange(down * local_[0], across * local_[1], slices_)
                                             : cl::NDRange(across * local_[0], down * local_[1], slices_);
    cl::Event done, first;  // the span of device time starts with the first command: a packing or transpose, if any
    if (transposeA_) {  // A^T first (padded M x K, in blocks of 32 x 32; the grid rounded up to whole blocks)
        transpose_.setArg(0, a_);
        transpose_.setArg(1, at_);
        transpose_.setArg(2, static_cast<cl_uint>(padded_.m));
        transpose_.setArg(3, static_cast<cl_uint>(padded_.k));
        queue_.enqueueNDRangeKernel(transpose_, cl::NullRange,
                                    cl::NDRange(hoc::roundUp(padded_.k, 32), hoc::roundUp(padded_.m, 32) / 4),
                                    cl::NDRange(32, 8), nullptr, &first);
    }
    //    sgemm_panel's packing first (the in-order queue runs the multiplication after it): B into
    //    panels of tileN_ columns, one panel's part of a row per work-item; A into blocks of tileM_
    //    rows, VW columns each.
    const int vw = packA_ || packB_ ? variant_.at("VW") : 1;
    if (packB_) {
        packBKernel_.setArg(0, static_cast<int>(padded_.k));
        packBKernel_.setArg(1, b_);
        packBKernel_.setArg(2, static_cast<int>(ldb_));
        packBKernel_.setArg(3, packedB_);
        queue_.enqueueNDRangeKernel(packBKernel_, cl::NullRange, cl::NDRange(across, padded_.k), cl::NullRange,
                                    nullptr, &first);
    }
    if (packA_) {
        packAKernel_.setArg(0, static_cast<int>(padded_.k));
        packAKernel_.setArg(1, a_);
        packAKernel_.setArg(2, static_cast<int>(lda_));
        packAKernel_.setArg(3, packedA_);
        queue_.enqueueNDRangeKernel(packAKernel_, cl::NullRange, cl::NDRange(padded_.k / vw, down), cl::NullRange, nullptr,
                                    packB_ ? nullptr : &first);
    }
    const bool before = packA_ || packB_ || transposeA_;  // commands before the multiplication
    if (kc_ > 0) {  // sgemm_panel's slices, one launch each in queue order, each adding to C
        for (std::size_t z = 0; z < slices_; ++z) {
            queue_.enqueueNDRangeKernel(kernel_, cl::NDRange(0, 0, z), cl::NDRange(global[0], global[1], 1), local_,
                                        nullptr, &done);
            if (z == 0 && !before)
                first = done;
        }
        return {first, done};
    }
    queue_.enqueueNDRangeKernel(kernel_, cl::NullRange, global, local_, nullptr, &done);
    if (!before)
        first = done;
    if (slices_ == 1)
        return {first, done};
    const std::size_t n = padded_.m * ldb_;
    sum_.setArg(0, c_);
    sum_.setArg(1, static_cast<int>(n));
    sum_.setArg(2, static_cast<int>(slices_));
    cl::Event summed;
    queue_.enqueueNDRangeKernel(sum_, cl::NullRange, cl::NDRange(n), cl::NullRange, nullptr, &summed);
    return {first, summed};
}

std::vector<float> Sgemm::download()
{
    std::vector<float> c(dims_.m * dims_.n);
    queue_.enqueueReadBufferRect(c_, CL_TRUE, {0, 0, 0}, {0, 0, 0}, {sizeof(float) * dims_.n, dims_.m, 1},
                                 sizeof(float) * ldb_, 0, sizeof(float) * dims_.n, 0, c.data());
    return c;
}

SgemmResult sgemm(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                  hoc::matmul::Dims d, const Variant& variant, const hoc::Repeats& repeats)
{
    Sgemm s(device, variant);
    const hoc::Timer timer;
    s.upload(a, b, d);
    // The warm-ups take one-time costs (code upload, page faults) out of the timed runs.
    SgemmResult result;
    result.timing.kernel_s = hoc::medianSeconds(repeats, [&] {
        return s.run();
    });
    result.c = s.download();
    result.timing.wall_s = timer.seconds();
    return result;
}

hoc::matmul::Dims tuningSize(const cl::Device& device, hoc::matmul::Dims d)
{
    const bool cpu = (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
    // A GPU is tuned at the problem's own shape: how many work-groups a tiling makes for the
    // compute units, and how many rounds of them (4097 makes 33 x 33 tiles of 128, 4.1 rounds of
    // 264), depends on M, N and K, not on a size class; even 8192^3 takes the tuner only seconds.
    if (!cpu)
        return d;
    // A CPU has thousands of work-groups per core at any of these sizes; what changes with size is
    // how K is cut into slices (KC) and whether packing pays, so its class is K's: 1024 up to
    // K = 1535, 2048 up to 3071, else 4096 (the choice at 2048 was slower at 4096 than another one;
    // the figures, with date and device: docs/measurements/Exercise09b_Competition.md).
    const std::size_t n = d.k < 1536 ? 1024 : d.k < 3072 ? 2048 : 4096;
    return {n, n, n};
}

hoc::tuning::Outcome tuneSgemm(const cl::Device& device, const std::vector<Variant>& variants, hoc::matmul::Dims d,
                               const std::string& cacheFile, bool force, std::ostream* log)
{
    const auto id = hoc::tuning::identify(device, "sgemm, " + d.text(), Sgemm::source());
    // Each variant must first get a small awkward problem right (a fast wrong answer never wins),
    // then the median of its timed runs at size `d` after a warm-up (kTuningRepeats) counts; a variant
    // three times slower than the best so far in its first timed run is not run again.
    const hoc::Repeats kTuningRepeats{1, 3};
    const hoc::matmul::Dims small{37, 70, 45};
    const auto sa = hoc::randomFloats(small.m * small.k, 5, -1, 1), sb = hoc::randomFloats(small.k * small.n, 6, -1, 1);
    const auto a = hoc::randomFloats(d.m * d.k, 7, -1, 1), b = hoc::randomFloats(d.k * d.n, 8, -1, 1);
    double best = 0;
    // The tensor cores' products are not FP32's: such a variant must first pass the FP32 rule at size d
    // (hoc::peers::fp32AccuracyRule: within the rigorous FP32 bound, and at most twice cuBLAS FP32's
    // error on the same inputs), measured against the double reference on 64 rows of C.
    std::optional<hoc::peers::SampledReference> reference;
    std::optional<std::optional<hoc::peers::Accuracy>> cublas;
    const auto fp32Rule = [&](Sgemm& s) {
        if (!reference) {
            reference = hoc::peers::sampledReference(a, b, d);
            const auto product = hoc::peers::cublasProduct(device, a, b, d);
            cublas = product ? std::optional(hoc::peers::accuracy(*reference, *product)) : std::nullopt;
        }
        s.run();
        const auto ours = hoc::peers::accuracy(*reference, s.download());
        const std::string why = hoc::peers::fp32AccuracyRule(ours, *cublas ? &**cublas : nullptr);
        if (!why.empty())
            throw hoc::Failure("not offered at " + d.text() + ", less accurate than FP32: " + why);
    };
    const auto measure = [&](const Variant& v) {
        Sgemm s(device, v);
        s.upload(sa, sb, small);
        s.run();
        // (the tensor cores at K = 45 are held to their own bound here, and to the FP32 rule below)
        const auto check = v.kernel == "sgemm_tc"
                               ? hoc::peers::checkTf32Split(sa, sb, s.download(), small, hoc::peers::truncatedTf32Parts(v.values))
                               : hoc::matmul::check(sa, sb, s.download(), small);
        if (!check.ok)
            throw hoc::Failure("wrong result for " + small.text() + ": " + check.message());
        s.upload(a, b, d);
        if (v.kernel == "sgemm_tc")
            fp32Rule(s);
        const auto once = [&] { return s.run(); };
        std::vector<double> times = hoc::runSeconds({kTuningRepeats.warmups, 1}, once);
        if (best > 0 && times[0] > 3 * best)
            return times[0];
        const auto rest = hoc::runSeconds({0, kTuningRepeats.runs - 1}, once);
        times.insert(times.end(), rest.begin(), rest.end());
        const double median = hoc::median(times);
        best = best > 0 ? std::min(best, median) : median;
        return median;
    };
    return hoc::tuning::tune(cacheFile, id, variants, measure, force, log);
}
