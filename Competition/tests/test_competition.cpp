// The competition module: the race's support (the fair OpenBLAS) and the kernels beyond Exercise 9b
// (sgemm_async's cp.async and sgemm_tc's tensor cores): listed and built only on NVIDIA GPUs of
// compute capability 8.0 and newer (run there with HOC_TEST_DEVICE=NVIDIA), right at awkward sizes,
// and offered by the tuner only as accurate as FP32. Against Exercise 9b's reference answer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "contestant.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc_test.hpp"
#include "peers.hpp"
#include "sm90a.hpp"
#include "tensor.hpp"

using hoc::competition::Variant;
using hoc::matmul::Dims;
namespace competition = hoc::competition;
namespace fs = std::filesystem;

namespace {

// As Exercise 9b's tests: 1, primes, one more and one less than a power of two, rectangles in every
// orientation, and rows of 256 floats.
const std::vector<Dims> kAwkward = {{1, 1, 1},    {3, 5, 7},   {17, 33, 65}, {65, 31, 129},
                                    {1, 100, 37}, {100, 1, 9}, {63, 129, 1}, {33, 256, 256}};

std::string tempFile(const std::string& stem)
{
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    return (fs::temp_directory_path() / ("hoc-" + stem + "-" + std::to_string(::getpid()) + "-" + info->name()) /
            "tuning.json")
        .string();
}

}  // namespace

// sgemm_benchmark starts again with OPENBLAS_CORETYPE set only when OpenBLAS fell back to a core
// without AVX on a CPU that has it, and never over the user's own choice.
TEST(Competition, OpenBlasGetsItsOwnKernelsForAFairRace)
{
    EXPECT_EQ(hoc::peers::fairOpenBlasCore("Prescott", false, true, true), "SkylakeX");
    EXPECT_EQ(hoc::peers::fairOpenBlasCore("Nehalem", false, true, false), "Haswell");
    EXPECT_EQ(hoc::peers::fairOpenBlasCore("Prescott", true, true, true), "");     // OPENBLAS_CORETYPE given
    EXPECT_EQ(hoc::peers::fairOpenBlasCore("Prescott", false, false, false), "");  // no AVX2: fair already
    EXPECT_EQ(hoc::peers::fairOpenBlasCore("Zen", false, true, false), "");        // its own choice
    EXPECT_EQ(hoc::peers::fairOpenBlasCore("SkylakeX", false, true, true), "");
}

// The race reaches the room through Matmul's contender interface alone: the room's entrant offers its
// quick variants, and a Contestant of each (the room's Sgemm behind hoc::matmul::Contender) multiplies
// an awkward size right and gives the events its run is timed by.
TEST(Competition, RoomEntersThroughTheContenderInterface)
{
    const auto& device = hoc::test::device();
    const auto quick = hoc::matmul::entrant().variants(device, true);
    ASSERT_FALSE(quick.empty());
    const Dims d{37, 70, 45};
    const auto a = hoc::randomFloats(d.m * d.k, 11, -1, 1), b = hoc::randomFloats(d.k * d.n, 12, -1, 1);
    for (const Variant& v : quick) {
        competition::Contestant s(device, v);
        s.upload(a, b, d);
        const hoc::EventSpan span = s.run();
        const auto c = s.download();
        ASSERT_EQ(c.size(), d.m * d.n) << v.text();
        const auto check = hoc::matmul::check(a, b, c, d);
        EXPECT_TRUE(check.ok) << v.text() << ": " << check.message();
        EXPECT_GT(hoc::eventSpanSeconds(span.first, span.second), 0.0) << v.text();
    }
    EXPECT_FALSE(hoc::matmul::entrant().source().empty());
}

// sgemm_async copies with cp.async in inline PTX: only NVIDIA GPUs of compute capability 8.0 and newer
// have it, so it is never listed for another device, and asking for it there is an error (its
// results are checked on such a GPU against the double reference, by the benchmark).
TEST(Competition, AsyncVariantOnlyWhereCpAsyncIs)
{
    const auto& device = hoc::test::device();
    if (device.getInfo<CL_DEVICE_VENDOR>().find("NVIDIA") != std::string::npos)
        GTEST_SKIP() << "the test device is an NVIDIA GPU";
    for (const auto& v : competition::variants(device, true))
        EXPECT_NE(v.kernel, "sgemm_async") << v.text();
    const Variant async{
        "sgemm_async",
        {{"BM", 64}, {"BN", 64}, {"BK", 16}, {"TM", 4}, {"TN", 4}, {"WARPX", 16}, {"STAGES", 2}, {"SKEW", 0}}};
    EXPECT_THROW(competition::Contestant(device, async), hoc::Failure)
        << "sgemm_async was built for " << device.getInfo<CL_DEVICE_NAME>();
    // The tensor-core kernel (TF32 mma.sync and cp.async in PTX) likewise
    for (const auto& v : competition::variants(device, true))
        EXPECT_NE(v.kernel, "sgemm_tc") << v.text();
    const Variant tc{"sgemm_tc",
                     {{"BM", 64},
                      {"BN", 64},
                      {"BK", 8},
                      {"WM", 32},
                      {"WN", 32},
                      {"STAGES", 2},
                      {"SPLIT", 1},
                      {"FLUSH", 1},
                      {"FASTRNA", 0}}};
    EXPECT_THROW(competition::Contestant(device, tc), hoc::Failure)
        << "sgemm_tc was built for " << device.getInfo<CL_DEVICE_NAME>();
    // AT=1 (A transposed first, its tiles copied whole by cp.async) belongs to sgemm_async alone
    const Variant tilesAT{
        "sgemm_tiles",
        {{"BM", 32}, {"BN", 32}, {"BK", 8}, {"TM", 4}, {"TN", 4}, {"WARPX", 8}, {"DB", 1}, {"SKEW", 0}, {"AT", 1}}};
    EXPECT_THROW(competition::Contestant(device, tilesAT), hoc::Failure) << "sgemm_tiles accepted AT=1";
    // Warpgroup MMA (sm_90a through the two-stage build) likewise
    for (const auto& v : competition::variants(device, true))
        EXPECT_NE(v.kernel, "sgemm_wgmma") << v.text();
    EXPECT_NE(competition::sm90aUnavailable(device), "");
    const Variant wgmma{"sgemm_wgmma", {{"BM", 64}, {"BN", 64}, {"BK", 16}, {"STAGES", 2}, {"SB", 2}, {"FLUSH", 1}}};
    EXPECT_THROW(competition::Contestant(device, wgmma), hoc::Failure)
        << "sgemm_wgmma was built for " << device.getInfo<CL_DEVICE_NAME>();
    // ... and sgemm_ws (bulk copies, transaction barriers and setmaxnreg besides)
    for (const auto& v : competition::variants(device, true))
        EXPECT_NE(v.kernel, "sgemm_ws") << v.text();
    const Variant ws{"sgemm_ws",
                     {{"BM", 128}, {"BN", 128}, {"BK", 8}, {"STAGES", 5}, {"FLUSH", 2}, {"ASRC", 1}, {"OCC", 1}}};
    EXPECT_THROW(competition::Contestant(device, ws), hoc::Failure)
        << "sgemm_ws was built for " << device.getInfo<CL_DEVICE_NAME>();
}

// The PTX patch of the two-stage sm_90a build (no GPU needed): the target becomes sm_90a, each
// marker's comment an instruction with the registers the compiler filled in; PTX it cannot patch is
// refused with the reason.
TEST(Competition, PtxPatchPutsSm90aInstructionsInPlace)
{
    const std::string ptx = "//\n// Generated by NVIDIA NVVM Compiler\n\n.version 8.8\n"
                            ".target sm_90, texmode_independent\n.address_size 64\n\n"
                            ".entry k(\n)\n{\n\t// begin inline asm\n"
                            "\t// HOC_SM90A wgmma.fence.sync.aligned;\n\t// end inline asm\n"
                            "\t// begin inline asm\n\t// HOC_SM90A { .reg .pred p; setp.ne.b32 p, %r3, 0; "
                            "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {%f1}, %rd1, %rd2, p, 1, 1; }\n"
                            "\t// end inline asm\n\t// a comment that stays\n\tret;\n}\n";
    const auto patched = competition::patchPtxForSm90a(ptx);
    EXPECT_EQ(patched.error, "");
    EXPECT_EQ(patched.markers, 2);
    EXPECT_NE(patched.ptx.find("\n.target sm_90a, texmode_independent\n"), std::string::npos) << patched.ptx;
    EXPECT_NE(patched.ptx.find("\n\twgmma.fence.sync.aligned;\n"), std::string::npos) << patched.ptx;
    EXPECT_NE(patched.ptx.find("\n\t{ .reg .pred p; setp.ne.b32 p, %r3, 0; wgmma.mma_async"), std::string::npos)
        << patched.ptx;
    EXPECT_EQ(patched.ptx.find("HOC_SM90A"), std::string::npos) << patched.ptx;
    EXPECT_NE(patched.ptx.find("// a comment that stays"), std::string::npos) << patched.ptx;
    // A target already sm_90a stays as it is, once
    const auto twice = competition::patchPtxForSm90a(patched.ptx);
    EXPECT_NE(twice.error, "");  // no marker left, and not sm_90
    // Refused: no marker, another target, an ISA before 8.0, no .version
    const std::string plain = ".version 8.8\n.target sm_90\n.entry k()\n{\n\tret;\n}\n";
    EXPECT_NE(competition::patchPtxForSm90a(plain).error.find("marker"), std::string::npos);
    std::string other = ptx;
    other.replace(other.find("sm_90,"), 6, "sm_89,");
    EXPECT_NE(competition::patchPtxForSm90a(other).error.find("not sm_90"), std::string::npos);
    std::string old = ptx;
    old.replace(old.find("8.8"), 3, "7.8");
    EXPECT_NE(competition::patchPtxForSm90a(old).error.find("8.0"), std::string::npos);
    EXPECT_NE(competition::patchPtxForSm90a("garbage").error, "");
    EXPECT_EQ(competition::patchPtxForSm90a("garbage").ptx, "");
    // An entry marker's directive moves before the body of its own entry (of two), after the
    // directives the compiler wrote there
    const std::string two = ".version 8.8\n.target sm_90\n.address_size 64\n\n"
                            ".entry first(\n\t.param .u32 first_param_0\n)\n.reqntid 384, 1, 1\n{\n"
                            "\t// begin inline asm\n\t// HOC_SM90A_ENTRY .maxnreg 168\n\t// end inline asm\n"
                            "\t// begin inline asm\n\t// HOC_SM90A setmaxnreg.inc.sync.aligned.u32 240;\n"
                            "\t// end inline asm\n\tret;\n}\n\n.entry second(\n)\n{\n\tret;\n}\n";
    const auto entry = competition::patchPtxForSm90a(two);
    EXPECT_EQ(entry.error, "");
    EXPECT_EQ(entry.markers, 2);
    EXPECT_NE(entry.ptx.find("first_param_0\n)\n.reqntid 384, 1, 1\n.maxnreg 168\n{\n"), std::string::npos)
        << entry.ptx;
    EXPECT_EQ(entry.ptx.find(".maxnreg 168"), entry.ptx.rfind(".maxnreg 168")) << entry.ptx;  // once
    EXPECT_NE(entry.ptx.find("\n\tsetmaxnreg.inc.sync.aligned.u32 240;\n"), std::string::npos) << entry.ptx;
    EXPECT_NE(entry.ptx.find(".entry second(\n)\n{\n\tret;"), std::string::npos) << entry.ptx;
    EXPECT_EQ(entry.ptx.find("HOC_SM90A"), std::string::npos) << entry.ptx;
    // ... and is refused outside an entry's body
    const std::string outside = ".version 8.8\n.target sm_90\n// HOC_SM90A_ENTRY .maxnreg 168\n"
                                ".entry k()\n{\n\t// HOC_SM90A wgmma.fence.sync.aligned;\n}\n";
    EXPECT_NE(competition::patchPtxForSm90a(outside).error.find("not inside an entry"), std::string::npos);
}

namespace {

// x rounded to TF32 (10 bits of mantissa), to nearest with ties away from zero, by frexp and std::round.
float roundedTf32(float x)
{
    int e = 0;
    const double m = std::frexp(static_cast<double>(x), &e);  // x = m 2^e, 0.5 <= |m| < 1
    return static_cast<float>(std::ldexp(std::round(std::ldexp(m, 11)), e - 11));
}

std::uint32_t bitsOf(float x)
{
    std::uint32_t u = 0;
    std::memcpy(&u, &x, sizeof u);
    return u;
}

}  // namespace

// sgemm_ws's packing (plain OpenCL C, so tested on any device): B split into hi and lo, and A unsplit
// (ASRC=0), each in the order the warpgroups read it. B as the matrix descriptors read it: per column
// block of BN and stage of BK, hi then lo; the block of 8 along K number b of the stage 256 bytes on,
// the next 8 columns BK * 32 bytes on (stride byte offset), the next 4 of K 128 bytes on (leading
// byte offset), then 16 bytes per column and 4 per element. A as wgmma's register operand: per row
// block of BM and stage, per consumer warpgroup w, block b and warp q, lane (g, t) holds (g, t),
// (g + 8, t), (g, t + 4), (g + 8, t + 4) of the warp's 16 rows and the block's 8 "logical" k. Logical
// k = 4 h + e is the element 2 e + h of the block, for A and B alike.
TEST(Competition, SgemmWsPacksOperandsInTheOrderTheWarpgroupsRead)
{
    const auto& device = hoc::test::device();
    const int bm = 128, bn = 64, bk = 16;
    const int m = 256, n = 192, k = 48;  // already padded: whole tiles and stages
    const auto a = hoc::randomFloats(std::size_t(m) * k, 51, -1, 1),
               b = hoc::randomFloats(std::size_t(k) * n, 52, -1, 1);
    const auto element = [](int block8, int logical) { return 8 * block8 + 2 * (logical % 4) + logical / 4; };
    hoc::test::run([&] {
        cl::Context context(device);
        cl::CommandQueue queue(context, device);
        const cl::Program program = competition::wsPackingProgram(context, device, bm, bn, bk);
        cl::Buffer da(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * a.size(),
                      const_cast<float*>(a.data()));
        cl::Buffer db(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * b.size(),
                      const_cast<float*>(b.data()));
        cl::Buffer pa(context, CL_MEM_WRITE_ONLY, sizeof(float) * a.size());
        cl::Buffer pb(context, CL_MEM_WRITE_ONLY, sizeof(float) * 2 * b.size());
        cl::Kernel packB(program, "ws_pack_b"), packA(program, "ws_pack_a");
        packB.setArg(0, db), packB.setArg(1, n), packB.setArg(2, k), packB.setArg(3, pb);
        packA.setArg(0, da), packA.setArg(1, k), packA.setArg(2, k), packA.setArg(3, pa);
        queue.enqueueNDRangeKernel(packB, cl::NullRange, cl::NDRange(std::size_t(k) * n / 4), cl::NDRange(64));
        queue.enqueueNDRangeKernel(packA, cl::NullRange, cl::NDRange(std::size_t(m) * k / 4), cl::NDRange(64));
        std::vector<float> gotB(2 * b.size()), gotA(a.size());
        queue.enqueueReadBuffer(pb, CL_TRUE, 0, sizeof(float) * gotB.size(), gotB.data());
        queue.enqueueReadBuffer(pa, CL_TRUE, 0, sizeof(float) * gotA.size(), gotA.data());

        int wrong = 0;
        std::string first;
        const auto expect = [&](float got, float want, const std::string& where) {
            if (bitsOf(got) != bitsOf(want) && wrong++ == 0)
                first = where + ": " + std::to_string(got) + " instead of " + std::to_string(want);
        };
        const int stages = k / bk;
        for (int nb = 0; nb < n / bn; nb++)
            for (int s = 0; s < stages; s++)
                for (int part = 0; part < 2; part++)  // hi, lo
                    for (int col = 0; col < bn; col++)
                        for (int blk = 0; blk < bk / 8; blk++)
                            for (int lk = 0; lk < 8; lk++) {
                                const std::size_t byte = std::size_t((nb * stages + s) * 2 + part) * bn * bk * 4 +
                                                         blk * 256 + col / 8 * (bk * 32) + lk / 4 * 128 + col % 8 * 16 +
                                                         lk % 4 * 4;
                                const float x = b[std::size_t(s * bk + element(blk, lk)) * n + nb * bn + col];
                                const float hi = roundedTf32(x), lo = roundedTf32(x - hi);
                                expect(gotB[byte / 4], part ? lo : hi,
                                       "B, column " + std::to_string(nb * bn + col) + ", k " +
                                           std::to_string(s * bk + element(blk, lk)) + (part ? ", lo" : ", hi"));
                            }
        for (int mb = 0; mb < m / bm; mb++)
            for (int s = 0; s < stages; s++)
                for (int w = 0; w < bm / 64; w++)
                    for (int blk = 0; blk < bk / 8; blk++)
                        for (int q = 0; q < 4; q++)
                            for (int lane = 0; lane < 32; lane++)
                                for (int e = 0; e < 4; e++) {
                                    const int row = mb * bm + 64 * w + 16 * q + lane / 4 + e % 2 * 8;
                                    const int col = s * bk + element(blk, lane % 4 + e / 2 * 4);
                                    const std::size_t at = std::size_t(mb * stages + s) * bm * bk +
                                                           ((w * (bk / 8) + blk) * 128 + q * 32 + lane) * 4 + e;
                                    expect(gotA[at], a[std::size_t(row) * k + col],
                                           "A, row " + std::to_string(row) + ", k " + std::to_string(col));
                                }
        EXPECT_EQ(wrong, 0) << wrong << " elements out of place or wrongly split; the first: " << first;
        return 0;
    });
}

// The tensor cores (sgemm_tc, listed only on NVIDIA GPUs of compute capability 8.0 and newer: run with
// HOC_TEST_DEVICE=NVIDIA there). Every such variant computes the right product at awkward sizes, within
// the bound of its 3xTF32 arithmetic (hoc::peers::checkTf32Split; a wrong index is far outside it).
TEST(Competition, TensorCoreVariantsAreRightAtAwkwardSizes)
{
    std::vector<Variant> tc;
    for (const auto& v : competition::variants(hoc::test::device(), true))
        if (v.kernel == "sgemm_tc")
            tc.push_back(v);
    if (tc.empty())
        GTEST_SKIP() << "no tensor-core variant for this device";
    std::vector<Dims> sizes = kAwkward;
    sizes.insert(sizes.end(), {{70, 45, 133}, {33, 40, 1100}, {130, 129, 257}});
    hoc::test::run([&] {
        for (const auto& v : tc) {
            competition::TensorSgemm s(hoc::test::device(), v);
            for (const Dims& d : sizes) {
                const auto a = hoc::randomFloats(d.m * d.k, 41, -1, 1), b = hoc::randomFloats(d.k * d.n, 42, -1, 1);
                s.upload(a, b, d);
                s.run();
                EXPECT_TRUE(hoc::test::correct(
                    hoc::peers::checkTf32Split(a, b, s.download(), d, hoc::peers::truncatedTf32Parts(v.values)),
                    "C = A * B with " + v.text() + ", " + d.text()));
            }
        }
        return 0;
    });
}

// Warpgroup MMA (sgemm_wgmma and sgemm_ws, listed only on NVIDIA GPUs of compute capability 9.0, built
// there by the two-stage sm_90a route): every variant right at awkward sizes, within the bound of its
// 3xTF32 arithmetic. Skipped, with the reason, where the route is not available.
TEST(Competition, WarpgroupMmaVariantsAreRightAtAwkwardSizes)
{
    const auto& device = hoc::test::device();
    const std::string why = competition::sm90aUnavailable(device);
    if (!why.empty())
        GTEST_SKIP() << "no warpgroup MMA here: " << why;
    std::vector<Variant> wg;
    for (const auto& v : competition::variants(device, true))
        if (v.kernel == "sgemm_wgmma" || v.kernel == "sgemm_ws")
            wg.push_back(v);
    ASSERT_FALSE(wg.empty()) << "compute capability 9.0, yet no sgemm_wgmma variant listed";
    std::vector<Dims> sizes = kAwkward;
    sizes.insert(sizes.end(), {{70, 45, 133}, {33, 40, 1100}, {130, 129, 257}, {200, 300, 8192}});
    try {  // the driver may refuse the route: then every variant says so
        competition::TensorSgemm probe(device, wg.front());
    } catch (const hoc::Failure& e) {
        const std::string what = e.what();
        if (what.find("needs sm_90a") != std::string::npos)
            GTEST_SKIP() << what;
    }
    hoc::test::run([&] {
        for (const auto& v : wg) {
            auto s = std::make_unique<competition::TensorSgemm>(device, v);
            for (const Dims& d : sizes) {
                const auto a = hoc::randomFloats(d.m * d.k, 43, -1, 1), b = hoc::randomFloats(d.k * d.n, 44, -1, 1);
                s->upload(a, b, d);
                s->run();
                EXPECT_TRUE(hoc::test::correct(hoc::peers::checkTf32Split(a, b, s->download(), d, 0),
                                               "C = A * B with " + v.text() + ", " + d.text()));
            }
        }
        return 0;
    });
}

// ... and the tuner offers one only where it is as accurate as FP32: whatever it picks at awkward
// sizes and K up to 8192, the choice is within the rigorous FP32 bound on every element (the double
// reference on all of C) and its norm-wise error at most twice cuBLAS FP32's on the same inputs. A
// variant without the FP32 additions (FLUSH=0) is turned away at K = 8192.
TEST(Competition, TensorCoresAreOfferedOnlyAsAccurateAsFp32)
{
    const auto& device = hoc::test::device();
    const auto variants = competition::variants(device, true);
    if (std::none_of(variants.begin(), variants.end(),
                     [](const Variant& v) { return competition::isTf32Kernel(v.kernel); }))
        GTEST_SKIP() << "no tensor-core variant for this device";
    const std::string file = tempFile("fp32-rule");
    hoc::test::run([&] {
        for (const Dims& d : std::vector<Dims>{{64, 64, 8192}, {33, 70, 4097}, {130, 129, 2049}, {63, 129, 1}}) {
            const auto a = hoc::randomFloats(d.m * d.k, 7, -1, 1), b = hoc::randomFloats(d.k * d.n, 8, -1, 1);
            const auto peer = hoc::peers::cublasProduct(device, a, b, d);
            if (!peer) {
                std::cout
                    << "not tested: no cuBLAS FP32 to compare with (tensor-core variants are then never offered)\n";
                return 0;
            }
            const auto ref = hoc::peers::sampledReference(a, b, d, d.m);  // every row
            const auto cublas = hoc::peers::accuracy(ref, *peer);
            const auto outcome = competition::tune(device, variants, d, file, true);
            for (const auto& t : outcome.trials)
                if (competition::isTf32Kernel(t.candidate.kernel))
                    std::cout << d.text() << ": " << t.candidate.text() << ": "
                              << (t.failure.empty() ? "offered" : t.failure) << "\n";
            competition::Contestant s(device, outcome.best);
            s.upload(a, b, d);
            s.run();
            const auto c = s.download();
            EXPECT_TRUE(hoc::test::correct(hoc::matmul::check(a, b, c, d),
                                           "the tuner's choice " + outcome.best.text() + " at " + d.text()));
            if (competition::isTf32Kernel(outcome.best.kernel)) {
                const auto ours = hoc::peers::accuracy(ref, c);
                EXPECT_EQ(hoc::peers::fp32AccuracyRule(ours, &cublas), "")
                    << outcome.best.text() << " at " << d.text() << ": " << ours.text()
                    << "; cuBLAS FP32: " << cublas.text();
            }
            if (d.k == 8192)
                for (const auto& v : variants)
                    if (v.kernel == "sgemm_tc" && v.at("FLUSH") == 0) {
                        competition::TensorSgemm raw(device, v);
                        raw.upload(a, b, d);
                        raw.run();
                        const auto ours = hoc::peers::accuracy(ref, raw.download());
                        EXPECT_NE(hoc::peers::fp32AccuracyRule(ours, &cublas), "")
                            << v.text() << " should be less accurate than FP32 at " << d.text() << ": " << ours.text();
                    }
        }
        return 0;
    });
    fs::remove_all(fs::path(file).parent_path());
}
