// Exercise 9b, the answer: register-tiled kernels whose parameters a tuner picks on each device.
#include "sgemm.hpp"

#include <algorithm>
#include <climits>
#include <ostream>

#include "hoc/common/data.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/limits.hpp"
#include "hoc/common/program.hpp"
#include "hoc/matmul/matmul_host.hpp"

namespace {

const char* kKernelFile = "matmul_competition.cl";

// A list of variants written as --variant takes them: the kernel, then NAME=value for each of its
// compile-time parameters (the kernels' comments in matmul_competition.cl say what each one means).
std::vector<Variant> parsed(std::initializer_list<const char*> texts)
{
    std::vector<Variant> variants;
    for (const char* text : texts)
        variants.push_back(Variant::parse(text));
    return variants;
}

}  // namespace

std::vector<Variant> sgemmVariants(const cl::Device& device, bool quick)
{
    if (quick)  // small tiles that run anywhere and cover every code path of both kernels: double
                // buffered or not, split K (KS, KC), banded (GM), packed (PB, PA) in bands of rows (RB)
        return parsed({"sgemm_tiles BK=8 BM=32 BN=32 DB=1 SKEW=0 TM=4 TN=4 WARPX=8",
                       "sgemm_tiles BK=4 BM=16 BN=16 DB=0 SKEW=1 TM=4 TN=4 WARPX=4",
                       "sgemm_panel NV=2 RM=6 SKEW=1 VW=8",
                       "sgemm_tiles BK=4 BM=16 BN=16 DB=1 KS=3 SKEW=0 TM=4 TN=4 WARPX=4",
                       "sgemm_panel KC=16 NV=2 RM=6 SKEW=1 VW=8",
                       "sgemm_tiles BK=4 BM=16 BN=16 DB=1 GM=3 SKEW=0 TM=4 TN=4 WARPX=4",
                       "sgemm_panel KC=16 NV=2 PA=1 PB=1 PF=1 RB=3 RM=6 SKEW=1 VW=8",
                       "sgemm_panel NV=2 PA=1 PB=0 PF=0 RB=2 RM=4 SKEW=1 VW=4"});
    const bool cpu = (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
    if (cpu) {  // register blocks for AVX2 (8 floats, 16 registers: 6 x 16 and 4 x 24 floats of C) and, where
                // the device's vectors hold 16 floats, AVX-512 (32 registers: 12 x 32 and 6 x 64); K in slices
                // of at most 1024 or 512 (a slice of B 32 or 64 columns wide is then 64 to 256 KB, within a
                // core's L2; which is faster depends on K, so the tuner measures at the problem's K class),
                // one without the skewed pitches to show what they are worth, one tiled kernel to compare,
                // and as a CPU BLAS: B packed into panels (and A into blocks of rows), each work-item down a
                // band of rows whose A stays in the L2, C prefetched
        std::vector<Variant> avx2 = parsed(
            {"sgemm_panel KC=1024 NV=2 RM=6 SKEW=1 VW=8", "sgemm_panel KC=1024 NV=3 RM=4 SKEW=1 VW=8",
             "sgemm_panel KC=512 NV=2 RM=6 SKEW=1 VW=8", "sgemm_panel KC=1024 NV=2 RM=6 SKEW=0 VW=8",
             "sgemm_tiles BK=8 BM=32 BN=32 DB=1 SKEW=0 TM=4 TN=4 WARPX=8",
             "sgemm_panel KC=512 NV=2 PA=0 PB=1 PF=1 RB=16 RM=6 SKEW=1 VW=8",
             "sgemm_panel KC=1024 NV=2 PA=1 PB=1 PF=1 RB=16 RM=6 SKEW=1 VW=8",
             "sgemm_panel KC=1024 NV=3 PA=0 PB=1 PF=1 RB=24 RM=4 SKEW=1 VW=8",
             "sgemm_panel KC=1024 NV=2 PA=0 PB=1 PF=1 RB=8 RM=6 SKEW=1 VW=8"});
        // 16-float blocks only on 16-float vectors: on 8-float vectors (AVX2) the compiler warns that a
        // float16 passed to a built-in function "changes the ABI" (-Wpsabi)
        if (device.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT>() < 16)
            return avx2;
        std::vector<Variant> avx512 = parsed(
            {"sgemm_panel KC=1024 NV=2 RM=12 SKEW=1 VW=16", "sgemm_panel KC=1024 NV=4 RM=6 SKEW=1 VW=16",
             "sgemm_panel KC=512 NV=2 RM=12 SKEW=1 VW=16", "sgemm_panel KC=512 NV=4 RM=6 SKEW=1 VW=16",
             "sgemm_panel KC=1024 NV=2 RM=12 SKEW=0 VW=16",
             "sgemm_panel KC=1024 NV=2 PA=0 PB=1 PF=1 RB=8 RM=12 SKEW=1 VW=16",
             "sgemm_panel KC=1024 NV=2 PA=1 PB=1 PF=1 RB=8 RM=12 SKEW=1 VW=16",
             "sgemm_panel KC=512 NV=4 PA=0 PB=1 PF=1 RB=16 RM=6 SKEW=1 VW=16"});
        avx512.insert(avx512.end(), avx2.begin(), avx2.end());
        return avx512;
    }
    // GPUs: work-groups of 64 to 256, 4 x 4 to 8 x 8 elements per work-item, and K split in 2 or 4
    // slices (KS) for sizes whose C has too few tiles for all compute units
    return parsed({"sgemm_tiles BK=8 BM=128 BN=128 DB=1 SKEW=0 TM=8 TN=8 WARPX=16",
                   "sgemm_tiles BK=8 BM=128 BN=128 DB=1 SKEW=0 TM=8 TN=8 WARPX=8",
                   "sgemm_tiles BK=16 BM=128 BN=128 DB=1 SKEW=0 TM=8 TN=8 WARPX=16",
                   "sgemm_tiles BK=8 BM=64 BN=128 DB=1 SKEW=0 TM=8 TN=8 WARPX=16",
                   "sgemm_tiles BK=8 BM=128 BN=64 DB=1 SKEW=0 TM=8 TN=8 WARPX=8",
                   "sgemm_tiles BK=16 BM=64 BN=64 DB=1 SKEW=0 TM=4 TN=4 WARPX=16",
                   "sgemm_tiles BK=8 BM=64 BN=64 DB=1 SKEW=0 TM=8 TN=8 WARPX=8",
                   "sgemm_tiles BK=8 BM=128 BN=128 DB=1 KS=2 SKEW=0 TM=8 TN=8 WARPX=8",
                   "sgemm_tiles BK=8 BM=128 BN=128 DB=1 KS=4 SKEW=0 TM=8 TN=8 WARPX=8",
                   "sgemm_tiles BK=8 BM=64 BN=128 DB=1 KS=2 SKEW=0 TM=8 TN=8 WARPX=16",
                   "sgemm_tiles BK=8 BM=128 BN=64 DB=1 KS=2 SKEW=0 TM=8 TN=8 WARPX=8"});
}

std::string Sgemm::source() { return hoc::readKernelFile(kKernelFile, HOC_KERNEL_DIRS); }

Sgemm::Sgemm(const cl::Device& device, const Variant& variant) : device_(device), variant_(variant)
{
    // The shape of the work: the tile each work-item and each work-group computes, after checking
    // the parameters against the kernel's rules (its #error lines, and what the host divides by).
    if (variant.kernel == "sgemm_tiles") {  // BM x BN tiles of C, steps of BK, K in KS slices
        variant.only({"BM", "BN", "BK", "TM", "TN", "WARPX", "DB", "SKEW", "KS", "GM"});
        const int bm = variant.within("BM", 4, 512), bn = variant.within("BN", 4, 512),
                  bk = variant.within("BK", 4, 64);
        const int tm = variant.within("TM", 4, 32), tn = variant.within("TN", 4, 32),
                  warpx = variant.within("WARPX", 1, 32);
        variant.within("DB", 0, 1);
        variant.within("SKEW", 0, 1);
        if (variant.values.count("GM"))
            variant.within("GM", 1, 64);
        variant.require(bm % 4 == 0 && bn % 4 == 0 && bk % 4 == 0 && tm % 4 == 0 && tn % 4 == 0,
                        "BM, BN, BK, TM and TN are multiples of 4 (the kernel moves float4s)");
        variant.require(bm % tm == 0 && bn % tn == 0, "TM divides BM and TN divides BN (whole work-items per tile)");
        const int wx = bn / tn, wy = bm / tm, wg = wx * wy;
        variant.require(bm * bk / 4 % wg == 0 && bk * bn / 4 % wg == 0,
                        "BM*BK/4 and BK*BN/4 are multiples of the work-group size (BM/TM)*(BN/TN) = " +
                            std::to_string(wg) + " (every work-item loads whole float4s)");
        variant.require(wx % warpx == 0 && (wg < 32 || (32 % warpx == 0 && wy % (32 / warpx) == 0)),
                        "WARPX divides 32 and BN/TN, and 32/WARPX divides BM/TM");
        tileM_ = bm;
        tileN_ = bn;
        tileK_ = bk;
        ks_ = variant.values.count("KS") ? variant.within("KS", 1, 16) : 1;
        local_ = cl::NDRange(wg, 1, 1);
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
                              "' (sgemm_tiles or sgemm_panel)");
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
    hoc::requireBuffers(device_, sizeof(float) * largest, 3, d.text());

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
    //    A and B written with their padding of zeros (hoc::matmul::writePadded).
    hoc::matmul::writePadded(queue_, a_, a, d.m, d.k, p.m, lda_);
    hoc::matmul::writePadded(queue_, b_, b, d.k, d.n, p.k, ldb_);
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
    //    panel, to the next.
    kernel_.setArg(3, packA_ ? packedA_ : a_);
    kernel_.setArg(4, static_cast<int>(packA_ ? padded_.k * tileM_ : lda_));
    kernel_.setArg(5, packB_ ? packedB_ : b_);
    kernel_.setArg(6, static_cast<int>(packB_ ? padded_.k * tileN_ : ldb_));
    kernel_.setArg(7, c_);
    kernel_.setArg(8, static_cast<int>(ldb_));

    // 5. Commands: one work-group per tile of C and slice of K; dimension 0 along a row of tiles,
    //    except where the kernel asks for the tiles down a column first. With KS the slices' partial
    //    sums are then added up; with KC the slices run one after the other (the in-order queue
    //    sees to that), each adding to C.
    const std::size_t across = padded_.n / tileN_, down = padded_.m / tileM_;
    const cl::NDRange global = rb_ > 0         ? cl::NDRange(across, (down + rb_ - 1) / rb_, slices_)
                               : columnsFirst_ ? cl::NDRange(down * local_[0], across * local_[1], slices_)
                                               : cl::NDRange(across * local_[0], down * local_[1], slices_);
    cl::Event done, first;  // the span of device time starts with the first command: a packing, if any
    //    sgemm_panel's packing first (the in-order queue runs the multiplication after it): B into
    //    panels of tileN_ columns, one panel's part of a row per work-item; A into blocks of tileM_
    //    rows, VW columns each.
    const int vw = packA_ || packB_ ? variant_.at("VW") : 1;
    if (packB_) {
        packBKernel_.setArg(0, static_cast<int>(padded_.k));
        packBKernel_.setArg(1, b_);
        packBKernel_.setArg(2, static_cast<int>(ldb_));
        packBKernel_.setArg(3, packedB_);
        queue_.enqueueNDRangeKernel(packBKernel_, cl::NullRange, cl::NDRange(across, padded_.k), cl::NullRange, nullptr,
                                    &first);
    }
    if (packA_) {
        packAKernel_.setArg(0, static_cast<int>(padded_.k));
        packAKernel_.setArg(1, a_);
        packAKernel_.setArg(2, static_cast<int>(lda_));
        packAKernel_.setArg(3, packedA_);
        queue_.enqueueNDRangeKernel(packAKernel_, cl::NullRange, cl::NDRange(padded_.k / vw, down), cl::NullRange,
                                    nullptr, packB_ ? nullptr : &first);
    }
    const bool before = packA_ || packB_;  // commands before the multiplication
    if (kc_ > 0) {                         // sgemm_panel's slices, one launch each in queue order, each adding to C
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

std::vector<float> Sgemm::download() { return hoc::matmul::readUnpadded(queue_, c_, dims_.m, dims_.n, ldb_); }

SgemmResult sgemm(const cl::Device& device, const std::vector<float>& a, const std::vector<float>& b,
                  hoc::matmul::Dims d, const Variant& variant, const hoc::Repeats& repeats)
{
    Sgemm s(device, variant);
    const hoc::Timer timer;
    s.upload(a, b, d);
    // The warm-ups take one-time costs (code upload, page faults) out of the timed runs.
    SgemmResult result;
    result.timing.kernel_s = hoc::medianSeconds(repeats, [&] { return s.run(); });
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
    // the figures, with date and device: Competition/measurements.md).
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
    const auto measure = [&](const Variant& v) {
        Sgemm s(device, v);
        s.upload(sa, sb, small);
        s.run();
        const auto check = hoc::matmul::check(sa, sb, s.download(), small);
        if (!check.ok)
            throw hoc::Failure("wrong result for " + small.text() + ": " + check.message());
        s.upload(a, b, d);
        const auto once = [&] { return s.run(); };
        return hoc::medianAgainstBest(kTuningRepeats, once, best);
    };
    return hoc::tuning::tune(cacheFile, id, variants, measure, force, log);
}
