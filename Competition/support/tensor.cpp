#include "tensor.hpp"

#include <algorithm>
#include <climits>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"
#include "hoc/matmul/matmul_host.hpp"
#include "sm90a.hpp"

namespace hoc::competition {

namespace {

const char* kKernelFile = "sgemm_tensor.cl";
const char* kWsKernelFile = "sgemm_ws.cl";

// A variant whose kernel `does` something in PTX that needs compute capability 8.0: an error elsewhere.
void requireSm80(const cl::Device& device, const Variant& variant, const std::string& does)
{
    if (!hasCpAsync(device))
        throw hoc::Failure("variant '" + variant.text() +
                           "' needs an NVIDIA GPU of compute capability 8.0 or newer (its kernel " + does +
                           ", in PTX); this device is " + device.getInfo<CL_DEVICE_NAME>());
}

}  // namespace

bool hasCpAsync(const cl::Device& device)
{
    if (device.getInfo<CL_DEVICE_VENDOR>().find("NVIDIA") == std::string::npos ||
        device.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_nv_device_attribute_query") == std::string::npos)
        return false;
    const cl_device_info kComputeCapabilityMajor = 0x4000;  // CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
    cl_uint major = 0;
    return clGetDeviceInfo(device(), kComputeCapabilityMajor, sizeof(major), &major, nullptr) == CL_SUCCESS &&
           major >= 8;
}

bool isTensorKernel(const std::string& kernel)
{
    return kernel == "sgemm_async" || kernel == "sgemm_tc" || kernel == "sgemm_wgmma" || kernel == "sgemm_ws";
}

bool isTf32Kernel(const std::string& kernel)
{
    return kernel == "sgemm_tc" || kernel == "sgemm_wgmma" || kernel == "sgemm_ws";
}

std::vector<Variant> tensorVariants(const cl::Device& device)
{
    if (!hasCpAsync(device))
        return {};
    // sgemm_async: steps of 16 in 2 to 4 stages, in bands of GM tile rows or not, K in two slices for
    // small C, and A transposed first (AT: 16-byte copies, no padding column, so that 3 steps of 16
    // fit into 48 KB with 128 x 64 tiles); and Exercise 9b's sgemm_tiles in bands, to compare.
    // sgemm_tc, each variant offered only where its error passes the FP32 rule (tune()): every warp
    // splitting its own fragments (SPLIT=0), an FP32 addition per 16 products (FLUSH=2), lo truncated
    // (LOTRUNC=1): 128 x 64 tiles of 4 warps of 64 x 32 (three work-groups fit a compute unit's
    // registers), and 64 x 64 tiles of 4 warps of 32 x 32 (four fit) with hi truncated too
    // (HITRUNC=1), banded or not, also with K in two slices; A split as it lands and B by each warp
    // (SPLIT=2), and both split as they land with cvt.rna.tf32.f32 (SPLIT=1), in 128 x 128 tiles with
    // an FP32 addition per 8 products and lo rounded; and one without the FP32 additions (FLUSH=0),
    // the fastest and too inaccurate, which the rule turns away.
    std::vector<Variant> variants;
    for (const char* text :
         {"sgemm_async BK=16 BM=128 BN=128 GM=8 SKEW=0 STAGES=2 TM=8 TN=8 WARPX=8",
          "sgemm_async BK=16 BM=128 BN=128 GM=4 SKEW=0 STAGES=2 TM=8 TN=8 WARPX=8",
          "sgemm_async BK=16 BM=64 BN=128 SKEW=0 STAGES=3 TM=8 TN=8 WARPX=16",
          "sgemm_async BK=16 BM=128 BN=64 SKEW=0 STAGES=3 TM=8 TN=8 WARPX=8",
          "sgemm_async BK=16 BM=64 BN=64 SKEW=0 STAGES=4 TM=8 TN=8 WARPX=8",
          "sgemm_async BK=16 BM=128 BN=128 GM=8 KS=2 SKEW=0 STAGES=2 TM=8 TN=8 WARPX=8",
          "sgemm_tiles BK=8 BM=128 BN=128 DB=1 GM=4 SKEW=0 TM=8 TN=8 WARPX=8",
          "sgemm_async AT=1 BK=16 BM=128 BN=64 SKEW=0 STAGES=3 TM=8 TN=8 WARPX=8",
          "sgemm_tc BK=16 BM=128 BN=64 FASTRNA=1 FLUSH=2 GM=8 LOTRUNC=1 SPLIT=0 STAGES=2 WM=64 WN=32",
          "sgemm_tc BK=16 BM=64 BN=64 FASTRNA=1 FLUSH=2 GM=8 HITRUNC=1 LOTRUNC=1 SPLIT=0 STAGES=3 WM=32 WN=32",
          "sgemm_tc BK=16 BM=64 BN=64 FASTRNA=1 FLUSH=2 HITRUNC=1 LOTRUNC=1 SPLIT=0 STAGES=3 WM=32 WN=32",
          "sgemm_tc BK=16 BM=64 BN=64 FASTRNA=1 FLUSH=2 HITRUNC=1 KS=2 LOTRUNC=1 SPLIT=0 STAGES=3 WM=32 WN=32",
          "sgemm_tc BK=8 BM=128 BN=128 FASTRNA=1 FLUSH=1 GM=8 LOTRUNC=0 SPLIT=2 STAGES=2 WM=64 WN=32",
          "sgemm_tc BK=8 BM=128 BN=128 FASTRNA=0 FLUSH=1 GM=8 LOTRUNC=0 SPLIT=1 STAGES=3 WM=64 WN=32",
          "sgemm_tc BK=16 BM=128 BN=64 FASTRNA=1 FLUSH=0 GM=8 LOTRUNC=1 SPLIT=0 STAGES=2 WM=64 WN=32"})
        variants.push_back(Variant::parse(text));
    // sgemm_wgmma, only where the two-stage build can give it sm_90a (compute capability 9.0; a driver
    // that refuses the patched PTX makes the variant fail to build, and the tuner passes it by), each
    // within 48 KB of local memory and with an FP32 addition per 16 or 32 products (without them the
    // tensor cores' truncating sums miss the FP32 rule: 7.2e-6 norm-wise at 1024): A from registers
    // (AREG=1) in 64 x 128 and 128 x 64 tiles with steps of 16 and 128 x 128 with steps of 8, each
    // step's products finished before the next split (SB=1); the next step split while they run
    // (SB=2) in 128 x 64 tiles with steps of 16 and 64 x 128 with steps of 8; and A split into local
    // memory too (AREG=0), 64 x 128, SB=2.
    if (sm90aUnavailable(device).empty())
        for (const char* text : {"sgemm_wgmma AREG=1 BK=16 BM=64 BN=128 FLUSH=1 GM=8 SB=1 STAGES=2",
                                 "sgemm_wgmma AREG=1 BK=16 BM=64 BN=128 FLUSH=2 GM=8 SB=1 STAGES=2",
                                 "sgemm_wgmma AREG=1 BK=16 BM=128 BN=64 FLUSH=1 GM=8 SB=1 STAGES=2",
                                 "sgemm_wgmma AREG=1 BK=16 BM=128 BN=64 FLUSH=2 GM=8 SB=1 STAGES=2",
                                 "sgemm_wgmma AREG=1 BK=8 BM=128 BN=128 FLUSH=2 GM=8 SB=1 STAGES=3",
                                 "sgemm_wgmma AREG=0 BK=8 BM=64 BN=128 FLUSH=2 GM=8 SB=2 STAGES=3",
                                 "sgemm_wgmma AREG=1 BK=16 BM=128 BN=64 FLUSH=2 GM=8 SB=2 STAGES=2",
                                 "sgemm_wgmma AREG=1 BK=8 BM=64 BN=128 FLUSH=2 GM=8 SB=2 STAGES=3"})
            variants.push_back(Variant::parse(text));
    // sgemm_ws (the same route): B packed once, bulk copies, a producer warpgroup and consumer
    // warpgroups with an FP32 addition per 16 products. Two consumers of 64 x 128 in two stages of 16
    // with the addition after every step (FLUSH=1): the loop then has no run-time branch between
    // steps that add and steps that do not, a branch for which ptxas serializes the warpgroup MMAs
    // (its warning C7518); alone, the fastest on the H100 at 4096 and 8192. With FLUSH=2: two
    // consumers of 64 x 128 with A read from global memory (ASRC=1) two stages ahead in five stages
    // of 8, or of 64 x 192 in three; A packed and copied with B (ASRC=0) in three; one consumer of
    // 64 x 128 with two work-groups per compute unit (OCC=2) and K in two slices for small C, both
    // with A read four stages ahead (AHEAD=4). AHEAD=4 with 64 x 192 needs more registers than a
    // consumer has.
    if (sm90aUnavailable(device).empty())
        for (const char* text : {"sgemm_ws ASRC=1 BK=16 BM=128 BN=128 FLUSH=1 GM=8 OCC=1 STAGES=2",
                                 "sgemm_ws ASRC=1 BK=8 BM=128 BN=128 FLUSH=2 GM=8 OCC=1 STAGES=5",
                                 "sgemm_ws ASRC=1 BK=8 BM=128 BN=192 FLUSH=2 GM=8 OCC=1 STAGES=3",
                                 "sgemm_ws ASRC=0 BK=8 BM=128 BN=128 FLUSH=2 GM=8 OCC=1 STAGES=3",
                                 "sgemm_ws AHEAD=4 ASRC=1 BK=8 BM=64 BN=128 FLUSH=2 GM=8 OCC=2 STAGES=5",
                                 "sgemm_ws AHEAD=4 ASRC=1 BK=8 BM=128 BN=128 FLUSH=2 GM=8 KS=2 OCC=1 STAGES=5"})
            variants.push_back(Variant::parse(text));
    return variants;
}

cl::Program wsPackingProgram(const cl::Context& context, const cl::Device& device, int bm, int bn, int bk)
{
    return hoc::buildSource(context, device, hoc::readKernelFile(kWsKernelFile, HOC_COMPETITION_KERNEL_DIRS),
                            kWsKernelFile,
                            "-DBM=" + std::to_string(bm) + " -DBN=" + std::to_string(bn) +
                                " -DBK=" + std::to_string(bk) + " -DPACK_ONLY=1");
}

std::string TensorSgemm::source()
{
    return hoc::readKernelFile(kKernelFile, HOC_COMPETITION_KERNEL_DIRS) +
           hoc::readKernelFile(kWsKernelFile, HOC_COMPETITION_KERNEL_DIRS);
}

TensorSgemm::TensorSgemm(const cl::Device& device, const Variant& variant) : device_(device), variant_(variant)
{
    // The parameters against the kernel's rules (its #error lines, and what the host divides by):
    // BM x BN tiles of C, steps of BK, work-groups of wg, K in KS slices.
    int bm = 0, bn = 0, bk = 0, wg = 0;
    if (variant.kernel == "sgemm_async") {
        variant.only({"BM", "BN", "BK", "TM", "TN", "WARPX", "STAGES", "SKEW", "KS", "GM", "AT"});
        bm = variant.within("BM", 4, 512), bn = variant.within("BN", 4, 512), bk = variant.within("BK", 4, 64);
        const int tm = variant.within("TM", 4, 32), tn = variant.within("TN", 4, 32),
                  warpx = variant.within("WARPX", 1, 32);
        variant.within("STAGES", 2, 4);
        variant.within("SKEW", 0, 1);
        if (variant.values.count("GM"))
            variant.within("GM", 1, 64);
        const bool at = variant.values.count("AT") && variant.within("AT", 0, 1) == 1;
        variant.require(bm % 4 == 0 && bn % 4 == 0 && bk % 4 == 0 && tm % 4 == 0 && tn % 4 == 0,
                        "BM, BN, BK, TM and TN are multiples of 4 (the kernel moves float4s)");
        variant.require(bm % tm == 0 && bn % tn == 0, "TM divides BM and TN divides BN (whole work-items per tile)");
        const int wx = bn / tn, wy = bm / tm;
        wg = wx * wy;
        variant.require(bm * bk / 4 % wg == 0 && bk * bn / 4 % wg == 0,
                        "BM*BK/4 and BK*BN/4 are multiples of the work-group size (BM/TM)*(BN/TN) = " +
                            std::to_string(wg) + " (every work-item loads whole float4s)");
        variant.require(wx % warpx == 0 && (wg < 32 || (32 % warpx == 0 && wy % (32 / warpx) == 0)),
                        "WARPX divides 32 and BN/TN, and 32/WARPX divides BM/TM");
        variant.require(wg % 32 == 0 && wg % bk == 0 && wg % (bn / 4) == 0 && bm * bk % wg == 0,
                        "the work-group is whole warps, a multiple of BK and of BN/4, and BM*BK a "
                        "multiple of its size (each work-item copies the same place of every row it copies)");
        variant.require(!at || (wg % (bm / 4) == 0 && bm * bk / 4 % wg == 0 && bk % (wg / (bm / 4)) == 0),
                        "AT=1 needs the work-group size a multiple of BM/4, BM*BK/4 a multiple of it, and BK a "
                        "multiple of the rows of A^T it copies at once (work-group size / (BM/4))");
        variant.require(!at || !variant.values.count("SKEW") || variant.at("SKEW") == 0,
                        "AT=1 needs SKEW=0 (Exercise 17's transpose makes A^T from rows of exactly K floats)");
        transposeA_ = at;
        requireSm80(device, variant, "copies with cp.async");
    } else if (variant.kernel == "sgemm_tc") {
        variant.only(
            {"BM", "BN", "BK", "WM", "WN", "STAGES", "SPLIT", "FLUSH", "FASTRNA", "LOTRUNC", "HITRUNC", "GM", "KS"});
        bm = variant.within("BM", 16, 256), bn = variant.within("BN", 8, 256), bk = variant.within("BK", 8, 64);
        const int wm = variant.within("WM", 16, 128), wn = variant.within("WN", 8, 128);
        variant.within("STAGES", 2, 4);
        const bool split = variant.within("SPLIT", 0, 2) == 1;
        const int flush = variant.within("FLUSH", 0, 8);
        variant.within("FASTRNA", 0, 1);
        const bool lotrunc = variant.values.count("LOTRUNC") && variant.within("LOTRUNC", 0, 1) == 1;
        const bool hitrunc = variant.values.count("HITRUNC") && variant.within("HITRUNC", 0, 1) == 1;
        variant.require(!hitrunc || lotrunc,
                        "HITRUNC=1 needs LOTRUNC=1 (a truncated hi leaves a remainder of up to 2^-10 of x, "
                        "which the tensor cores then truncate too)");
        if (variant.values.count("GM"))
            variant.within("GM", 1, 64);
        variant.require(
            bk % 8 == 0 && wm % 16 == 0 && wn % 8 == 0 && bm % wm == 0 && bn % wn == 0,
            "BK is a multiple of 8, WM of 16 and WN of 8 (the 16 x 8 x 8 tensor-core product), WM divides BM "
            "and WN divides BN (whole warps per tile)");
        variant.require(flush == 0 || bk / 8 % flush == 0,
                        "FLUSH is 0 or divides BK/8 (an FP32 addition after FLUSH of a step's BK/8 fragment steps)");
        wg = (bm / wm) * (bn / wn) * 32;
        variant.require(wg <= 1024, "at most 32 warps per work-group ((BM/WM) x (BN/WN))");
        variant.require(bm * bk / 4 % wg == 0 && bk * bn / 4 % wg == 0,
                        "BM*BK/4 and BK*BN/4 are multiples of the work-group size (BM/WM)*(BN/WN)*32 = " +
                            std::to_string(wg) + " (every work-item copies whole float4s)");
        variant.require(
            !split || bk * bn / 2 % wg == 0,
            "with SPLIT=1, BK*BN/2 is a multiple of the work-group size (every work-item splits whole pairs of B)");
        requireSm80(device, variant, "uses the tensor cores with TF32 and cp.async");
    } else if (variant.kernel == "sgemm_wgmma") {
        variant.only({"BM", "BN", "BK", "STAGES", "SB", "FLUSH", "AREG", "GM", "KS"});
        bm = variant.within("BM", 64, 256), bn = variant.within("BN", 64, 256), bk = variant.within("BK", 8, 64);
        variant.within("STAGES", 2, 4);
        variant.within("SB", 1, 2);
        variant.within("FLUSH", 0, 64);
        if (variant.values.count("AREG"))
            variant.within("AREG", 0, 1);
        if (variant.values.count("GM"))
            variant.within("GM", 1, 64);
        wg = 2 * bm;
        variant.require(bm % 64 == 0 && (bn == 64 || bn == 128 || bn == 256) && bk % 8 == 0,
                        "BM is a multiple of 64 (a warpgroup per 64 rows), BN is 64, 128 or 256 (the N of "
                        "wgmma.mma_async m64nNk8) and BK a multiple of 8");
        variant.require(bm * bk / 4 % wg == 0 && bk * bn / 4 % wg == 0,
                        "BM*BK/4 and BK*BN/4 are multiples of the work-group size 2*BM = " + std::to_string(wg) +
                            " (every work-item copies and splits whole float4s)");
        variant.require(wg % (bk / 4) == 0 && wg % (bn / 4) == 0,
                        "the work-group size 2*BM is a multiple of BK/4 and BN/4 (its copies cover whole rows)");
        sm90a_ = true;
    } else if (variant.kernel == "sgemm_ws") {
        variant.only({"BM", "BN", "BK", "STAGES", "FLUSH", "SFLUSH", "ASRC", "AHEAD", "OCC", "GM", "KS"});
        bm = variant.within("BM", 64, 128), bn = variant.within("BN", 64, 256), bk = variant.within("BK", 8, 32);
        const int stages = variant.within("STAGES", 2, 8);
        const int flush = variant.within("FLUSH", 0, 64);
        const int asrc = variant.within("ASRC", 0, 1), occ = variant.within("OCC", 1, 2);
        int ahead = 2;
        if (variant.values.count("AHEAD"))
            variant.require((ahead = variant.within("AHEAD", 2, 4)) != 3 && asrc == 1,
                            "AHEAD is 2 or 4 (the stages A's fragments are read ahead), and only with ASRC=1");
        if (variant.values.count("SFLUSH") && variant.within("SFLUSH", 0, 1) == 1)
            variant.require(flush >= 1 && (ahead % flush == 0 || flush % ahead == 0),
                            "SFLUSH=1 (the FP32 additions at stages fixed at compile time) needs FLUSH to divide "
                            "AHEAD (2 unless given) or AHEAD to divide FLUSH");
        if (variant.values.count("GM"))
            variant.within("GM", 1, 64);
        variant.require(bm % 64 == 0 && (bn == 64 || bn == 128 || bn == 192 || bn == 256) && bk % 8 == 0,
                        "BM is 64 or 128 (a consumer warpgroup per 64 rows), BN is 64, 128, 192 or 256 (the N of "
                        "wgmma.mma_async m64nNk8) and BK a multiple of 8");
        variant.require((bm == 128 && occ == 1) || (bm == 64 && occ == 2),
                        "OCC is 1 with BM=128 and 2 with BM=64 (the registers are planned for 384 work-items a "
                        "compute unit, or twice 256)");
        const int stageBytes = (asrc ? 0 : bm * bk * 4) + bn * bk * 8;
        variant.require(stages * (stageBytes + 16) <= 49152,
                        "STAGES stages of " + std::to_string(stageBytes) +
                            " bytes (B's hi and lo, and with ASRC=0 A) and their two barriers fit the 48 KB of "
                            "local memory a work-group may have");
        wg = 128 * (bm / 64 + 1);  // the producer warpgroup and a consumer per 64 rows
        sm90a_ = true;
        ws_ = true;
        packA_ = asrc == 0;
    } else {
        throw hoc::UsageError("unknown kernel '" + variant.kernel + "' in variant '" + variant.text() +
                              "' (the module's kernels are sgemm_async, sgemm_tc, sgemm_wgmma and sgemm_ws)");
    }
    tileM_ = bm;
    tileN_ = bn;
    tileK_ = bk;
    ks_ = variant.values.count("KS") ? variant.within("KS", 1, 16) : 1;
    local_ = cl::NDRange(wg, 1, 1);

    context_ = cl::Context(device);
    queue_ = cl::CommandQueue(context_, device, CL_QUEUE_PROFILING_ENABLE);
    cl::Program program;
    if (sm90a_) {  // -DWGMMA selects sgemm_wgmma's part of its file; the sm_90a route, or why not
        const char* file = ws_ ? kWsKernelFile : kKernelFile;
        auto built = buildSm90a(context_, device, hoc::readKernelFile(file, HOC_COMPETITION_KERNEL_DIRS), file,
                                variant.buildOptions() + (ws_ ? "" : " -DWGMMA=1"));
        if (!built.unavailable.empty())
            throw hoc::Failure("variant '" + variant.text() +
                               "' needs sm_90a (warpgroup MMA), which is not "
                               "available: " +
                               built.unavailable);
        program = built.program;
    } else {
        // sgemm_async and sgemm_tc from their own file: source() holds sgemm_ws's too (the tuning
        // cache's identity), and both files define tileOrigin and sum_slices.
        program = hoc::buildSource(context_, device, hoc::readKernelFile(kKernelFile, HOC_COMPETITION_KERNEL_DIRS),
                                   kKernelFile, variant.buildOptions());
    }
    kernel_ = cl::Kernel(program, variant.kernel.c_str());
    // Not asked of sgemm_ws: NVIDIA's driver 580.159 reports CL_KERNEL_WORK_GROUP_SIZE 256 for it, whose
    // entry fixes 384 work-items (.reqntid, from reqd_work_group_size) under a register cap that fits
    // them (.maxnreg 168: 384 x 168 of the 64 K registers); the CUDA driver allows 384 for the same PTX,
    // and the kernel runs right with 384 on the H100. A launch the device refuses fails at the enqueue.
    if (!ws_)
        hoc::requireWorkGroupSize(kernel_, device, local_[0], variant.text());
    hoc::requireLocalMemory(kernel_, device, 0, variant.text());  // its own __local arrays
    if (ks_ > 1)
        sum_ = cl::Kernel(program, "sum_slices");  // split K's last step
    if (ws_) {                                     // the packing before each multiplication
        packBKernel_ = cl::Kernel(program, "ws_pack_b");
        if (packA_)
            packAKernel_ = cl::Kernel(program, "ws_pack_a");
    }
    if (transposeA_) {  // A^T before each multiplication: Exercise 17's padded transpose, 32 x 32 blocks
        const std::string file = "transpose.cl";
        transpose_ = cl::Kernel(hoc::buildSource(context_, device,
                                                 hoc::readKernelFile(file, HOC_COMPETITION_KERNEL_DIRS), file,
                                                 "-DTILE=32 -DROWS=8"),
                                "transpose_padded");
    }
}

void TensorSgemm::upload(const std::vector<float>& a, const std::vector<float>& b, hoc::matmul::Dims d)
{
    if (d.m == 0 || d.n == 0 || d.k == 0 || a.size() != d.m * d.k || b.size() != d.k * d.n)
        throw hoc::Failure("C = A * B needs M, N, K >= 1, A with M x K and B with K x N elements (" + d.text() + ")");
    dims_ = d;
    // Split K: `slices_` slices of sliceK_ (whole steps of the kernel) each; one slice without KS.
    const std::size_t steps = hoc::roundUp(d.k, tileK_) / tileK_;
    slices_ = std::min<std::size_t>(ks_, steps);
    sliceK_ = (steps + slices_ - 1) / slices_ * tileK_;
    padded_ = {hoc::roundUp(d.m, tileM_), hoc::roundUp(d.n, tileN_), slices_ * sliceK_};
    const hoc::matmul::Dims& p = padded_;
    // Row pitches: with SKEW=1 a padded row of a multiple of 256 floats is made 16 floats longer.
    const bool skew = variant_.values.count("SKEW") && variant_.at("SKEW") == 1;
    const auto pitch = [&](std::size_t padded) { return skew && padded % 256 == 0 ? padded + 16 : padded; };
    lda_ = pitch(p.k);
    ldb_ = pitch(p.n);
    const std::size_t largest = std::max({p.m * lda_, (ws_ ? 2 : 1) * p.k * ldb_, slices_ * p.m * ldb_});
    if (largest > INT_MAX)
        throw hoc::UsageError(d.text() + " is too large: the kernels index a matrix with an int (at most " +
                              std::to_string(INT_MAX) + " elements, padded to whole tiles)");
    const int buffers = 3 + (transposeA_ ? 1 : 0) + (ws_ ? 1 : 0) + (packA_ ? 1 : 0);  // A^T, packed B and A
    hoc::requireBuffers(device_, sizeof(float) * largest, buffers, d.text());

    // A, B and C padded with zeros to whole tiles; C holds one partial product per slice of K (the
    // first gets their sum).
    a_ = cl::Buffer(context_, CL_MEM_READ_ONLY, sizeof(float) * p.m * lda_);
    b_ = cl::Buffer(context_, CL_MEM_READ_ONLY, sizeof(float) * p.k * ldb_);
    c_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * slices_ * p.m * ldb_);
    hoc::matmul::writePadded(queue_, a_, a, d.m, d.k, p.m, lda_);
    hoc::matmul::writePadded(queue_, b_, b, d.k, d.n, p.k, ldb_);
    if (transposeA_)  // room for A^T (K x M at the pitch of M), which run() fills before each multiplication
        at_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * p.k * p.m);
    if (ws_) {  // room for B's hi and lo (and A) in the packed order, which run() fills likewise
        pb_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * 2 * p.k * p.n);
        if (packA_)
            pa_ = cl::Buffer(context_, CL_MEM_READ_WRITE, sizeof(float) * p.m * p.k);
    }
}

hoc::EventSpan TensorSgemm::run()
{
    if (padded_.m == 0)
        throw hoc::Failure("TensorSgemm::run() before upload()");
    kernel_.setArg(0, static_cast<int>(padded_.m));
    kernel_.setArg(1, static_cast<int>(padded_.n));
    kernel_.setArg(2, static_cast<int>(sliceK_));
    kernel_.setArg(3, transposeA_ ? at_ : packA_ ? pa_ : a_);  // A^T has M floats per row
    kernel_.setArg(4, static_cast<int>(transposeA_ ? padded_.m : lda_));
    kernel_.setArg(5, ws_ ? pb_ : b_);
    kernel_.setArg(6, static_cast<int>(ldb_));
    kernel_.setArg(7, c_);
    kernel_.setArg(8, static_cast<int>(ldb_));
    // One work-group per tile of C and slice of K, dimension 0 along a row of tiles; the span of
    // device time starts with the transpose (AT) or the packing (sgemm_ws) and ends with the sum of
    // the slices (KS), if any.
    const std::size_t across = padded_.n / tileN_, down = padded_.m / tileM_;
    cl::Event first, done;
    if (transposeA_) {  // A^T first (padded M x K, in blocks of 32 x 32; the grid rounded up to whole blocks)
        transpose_.setArg(0, a_);
        transpose_.setArg(1, at_);
        transpose_.setArg(2, static_cast<cl_uint>(padded_.m));
        transpose_.setArg(3, static_cast<cl_uint>(padded_.k));
        queue_.enqueueNDRangeKernel(transpose_, cl::NullRange,
                                    cl::NDRange(hoc::roundUp(padded_.k, 32), hoc::roundUp(padded_.m, 32) / 4),
                                    cl::NDRange(32, 8), nullptr, &first);
    }
    if (ws_) {  // B (and A) packed first: one work-item per float4 of the packed B (of A)
        packBKernel_.setArg(0, b_);
        packBKernel_.setArg(1, static_cast<int>(ldb_));
        packBKernel_.setArg(2, static_cast<int>(padded_.k));
        packBKernel_.setArg(3, pb_);
        queue_.enqueueNDRangeKernel(packBKernel_, cl::NullRange, cl::NDRange(padded_.k * padded_.n / 4),
                                    cl::NDRange(64), nullptr, &first);
        if (packA_) {
            packAKernel_.setArg(0, a_);
            packAKernel_.setArg(1, static_cast<int>(lda_));
            packAKernel_.setArg(2, static_cast<int>(padded_.k));
            packAKernel_.setArg(3, pa_);
            queue_.enqueueNDRangeKernel(packAKernel_, cl::NullRange, cl::NDRange(padded_.m * padded_.k / 4),
                                        cl::NDRange(64));
        }
    }
    queue_.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(across * local_[0], down, slices_), local_, nullptr,
                                &done);
    if (!transposeA_ && !ws_)
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

std::vector<float> TensorSgemm::download() { return hoc::matmul::readUnpadded(queue_, c_, dims_.m, dims_.n, ldb_); }

}  // namespace hoc::competition
