// The competition module: the race's support (the fair OpenBLAS) and the kernels beyond Exercise 9b
// (sgemm_async's cp.async and sgemm_tc's tensor cores): listed and built only on NVIDIA GPUs of
// compute capability 8.0 and newer (run there with HOC_TEST_DEVICE=NVIDIA), right at awkward sizes,
// and offered by the tuner only as accurate as FP32. Against Exercise 9b's reference answer.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include "contestant.hpp"
#include "hoc/common/data.hpp"
#include "hoc/common/errors.hpp"
#include "hoc_test.hpp"
#include "peers.hpp"

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

// ... and the tuner offers one only where it is as accurate as FP32: whatever it picks at awkward
// sizes and K up to 8192, the choice is within the rigorous FP32 bound on every element (the double
// reference on all of C) and its norm-wise error at most twice cuBLAS FP32's on the same inputs. A
// variant without the FP32 additions (FLUSH=0) is turned away at K = 8192.
TEST(Competition, TensorCoresAreOfferedOnlyAsAccurateAsFp32)
{
    const auto& device = hoc::test::device();
    const auto variants = competition::variants(device, true);
    if (std::none_of(variants.begin(), variants.end(), [](const Variant& v) { return v.kernel == "sgemm_tc"; }))
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
                if (t.candidate.kernel == "sgemm_tc")
                    std::cout << d.text() << ": " << t.candidate.text() << ": "
                              << (t.failure.empty() ? "offered" : t.failure) << "\n";
            competition::Contestant s(device, outcome.best);
            s.upload(a, b, d);
            s.run();
            const auto c = s.download();
            EXPECT_TRUE(hoc::test::correct(hoc::matmul::check(a, b, c, d),
                                           "the tuner's choice " + outcome.best.text() + " at " + d.text()));
            if (outcome.best.kernel == "sgemm_tc") {
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
