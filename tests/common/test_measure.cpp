// Common's one median and size names, Measure's copy yardstick and the roofline's two probes.
#include <cstdint>

#include "hoc/measure/bandwidth.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/measure/roofs.hpp"
#include "hoc/measure/transfer.hpp"
#include "hoc/common/timing.hpp"
#include "hoc_test.hpp"

TEST(Bandwidth, MedianAndSizeNames)
{
    EXPECT_EQ(hoc::median({3, 1, 2}), 2);
    EXPECT_EQ(hoc::median({4, 1, 3, 2}), 2.5);
    EXPECT_EQ(hoc::median({}), 0);
    EXPECT_EQ(hoc::sizeText(1 << 20), "2^20");
    EXPECT_EQ(hoc::sizeText(1000), "1000");
    EXPECT_EQ(hoc::sizeText(512), "512");
}

TEST(Bandwidth, CopyKernelMeasuresOnTheTestDevice)
{
    hoc::CopyBenchmark copy(hoc::test::device());
    EXPECT_GT(hoc::test::run([&] { return copy.gbps(1000, {0, 1}); }), 0.0);
}

TEST(Bandwidth, CopyKernelRunsAreCountedAndChecked)
{
    // hoc-roofline keeps the fastest of the runs, the others their median (hoc::CopyBenchmark::seconds).
    hoc::CopyBenchmark copy(hoc::test::device());
    hoc::CheckResult check;
    const std::vector<double> times = hoc::test::run([&] { return copy.runs(1001, {1, 3}, check); });
    EXPECT_EQ(times.size(), 3u);
    EXPECT_TRUE(hoc::test::correct(check, "the copy yardstick, 1001 floats"));
    EXPECT_TRUE(copy.chosen() == "copy_floats" || copy.chosen() == "copy_float4s") << copy.chosen();
}

// The float4 copy handles the floats after the last whole float4 (1001 = 4 x 250 + 1 above) and
// sizes below one float4; whichever copy is kept, every size comes out exact.
TEST(Bandwidth, TunedCopyIsExactAtEverySize)
{
    hoc::CopyBenchmark copy(hoc::test::device());
    for (const std::size_t n : {1, 2, 3, 4, 5, 7, 1024, 1027}) {
        hoc::CheckResult check;
        hoc::test::run([&] { return copy.runs(n, {0, 1}, check); });
        EXPECT_TRUE(hoc::test::correct(check, "the copy yardstick, " + std::to_string(n) + " floats"));
    }
}

// The read probe (the roofline's bandwidth roof) tries every vector width and both run lengths that
// fit, checks each one's sums and keeps the fastest correct one; the bytes are what it read and wrote.
TEST(RooflineProbes, ReadProbeTriesEveryWidthAndChecksTheSums)
{
    hoc::ReadBenchmark read(hoc::test::device());
    const std::size_t n = std::size_t{1} << 20;  // room for every candidate: 256 x 64 float16s
    const hoc::ReadRuns runs = hoc::test::run([&] { return read.runs(n, {0, 2}); });
    EXPECT_TRUE(hoc::test::correct(runs.check, "the read probe, 2^20 floats"));
    EXPECT_EQ(runs.tried.size(), 10u);
    for (const auto& [name, rate] : runs.tried)
        EXPECT_GT(rate, 0.0) << name;    // 0 marks wrong sums
    EXPECT_EQ(runs.seconds.size(), 4u);  // round 1's two and round 2's two: the winner is one of round 2's three
    const int width = runs.kernel == "read_float" ? 1 : std::stoi(runs.kernel.substr(10));
    EXPECT_EQ(runs.bytes, 4.0 * static_cast<double>(runs.workItems) * (runs.perItem * width + 1)) << runs.kernel;
    EXPECT_LE(static_cast<double>(runs.workItems) * runs.perItem * width, static_cast<double>(n));
}

// A buffer too small for one work-group of the narrowest candidate leaves the rest out, and one too
// small for any candidate is a clear error, not an empty result.
TEST(RooflineProbes, ReadProbeSmallBuffers)
{
    hoc::ReadBenchmark read(hoc::test::device());
    const hoc::ReadRuns one = hoc::test::run([&] { return read.runs(5000, {0, 1}); });
    EXPECT_TRUE(hoc::test::correct(one.check, "the read probe, 5000 floats"));
    EXPECT_EQ(one.kernel, "read_float");
    EXPECT_THROW(read.runs(100, {0, 1}), hoc::Failure);
}

// The read kernel as the yardstick of Exercises 16 and 17: four times the kernel's floats, at least
// what one candidate needs, at most one buffer the device allows; its best rate comes from checked sums.
TEST(RooflineProbes, ReadYardstickSizeAndRate)
{
    const cl::Device device = hoc::test::device();
    EXPECT_EQ(hoc::ReadBenchmark::yardstickFloats(device, 1), hoc::ReadBenchmark::kMinFloats);
    EXPECT_EQ(hoc::ReadBenchmark::yardstickFloats(device, std::size_t{1} << 20), std::size_t{1} << 22);
    const std::size_t most = hoc::ReadBenchmark::yardstickFloats(device, SIZE_MAX / 2);
    EXPECT_LE(sizeof(float) * most, device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>());
    hoc::ReadBenchmark read(device);
    EXPECT_GT(hoc::test::run([&] { return read.bestGbps(hoc::ReadBenchmark::kMinFloats, {0, 1}); }), 0.0);
    EXPECT_THROW(read.bestGbps(100, {0, 1}), hoc::Failure);
}

// The 16-float shapes run only where native vectors hold 16 floats (AVX-512), which the test
// machines' devices may not: built here on any device, they must give the host's bits too.
TEST(RooflineProbes, FmaProbeSixteenFloatShapesAreCorrectOnAnyDevice)
{
    hoc::FmaBenchmark fma(hoc::test::device(), {{16, 4}, {16, 8}});
    for (const int iterations : {1, 37}) {
        const hoc::FmaRuns runs = hoc::test::run([&] { return fma.runs(300, iterations, {0, 1}); });
        EXPECT_TRUE(hoc::test::correct(runs.check,
                                       "the FMA probe in 16-float shapes, " + std::to_string(iterations) + " steps"));
        ASSERT_EQ(runs.tried.size(), 2u);
        EXPECT_GT(runs.tried[0].second, 0.0) << "float16 x 4";
        EXPECT_GT(runs.tried[1].second, 0.0) << "float16 x 8";
        EXPECT_EQ(runs.chains, 16 * runs.shape.vectors);
    }
}

// The FMA kernel runs 16 steps per trip of its loop and the rest after: every count of steps, a
// multiple of 16 or not, gives the host's bits, in every shape the device is given (a wrong shape
// fails the check even when another one wins).
TEST(RooflineProbes, FmaProbeMatchesTheHostForAnyStepCount)
{
    hoc::FmaBenchmark fma(hoc::test::device());
    const std::vector<hoc::FmaShape> shapes = fma.shapes();
    ASSERT_GE(shapes.size(), 2u);  // float8 x 4 and x 8 everywhere
    for (const int iterations : {1, 15, 16, 37, 64}) {
        const hoc::FmaRuns runs = hoc::test::run([&] { return fma.runs(512, iterations, {0, 1}); });
        EXPECT_TRUE(hoc::test::correct(runs.check, "the FMA probe, " + std::to_string(iterations) + " steps"));
        EXPECT_EQ(runs.iterations, iterations);
        EXPECT_EQ(runs.chains, runs.shape.width * runs.shape.vectors);
        EXPECT_EQ(runs.flops, 2.0 * runs.chains * iterations * static_cast<double>(runs.workItems));
        ASSERT_EQ(runs.tried.size(), shapes.size());
        for (std::size_t k = 0; k < shapes.size(); ++k) {
            EXPECT_EQ(runs.tried[k].first, shapes[k].text());
            EXPECT_GT(runs.tried[k].second, 0.0) << shapes[k].text() << ": its bits differ from the host's";
        }
    }
}

// The host level's probe: each way, from pageable and from pinned host memory, every float back with its
// bits, every timed run counted, at a size that is no power of two.
TEST(TransferProbe, CopiesComeBackExactlyEachWay)
{
    hoc::TransferBenchmark copies(hoc::test::device());
    for (const hoc::HostBuffer host : {hoc::HostBuffer::pageable, hoc::HostBuffer::pinned}) {
        const hoc::TransferRuns r = hoc::test::run([&] { return copies.runs(100003, host, {1, 3}); });
        EXPECT_TRUE(hoc::test::correct(r.check, "copies from " + hoc::hostBufferText(host)));
        EXPECT_EQ(r.check.count, 100003u);
        EXPECT_EQ(r.bytes, 100003.0 * sizeof(float));
        EXPECT_EQ(r.writeSeconds.size(), 3u);
        EXPECT_EQ(r.readSeconds.size(), 3u);
        for (const double t : r.writeSeconds)
            EXPECT_GT(t, 0.0);
    }
    EXPECT_THROW(copies.runs(0, hoc::HostBuffer::pageable, {0, 1}), hoc::Failure);
}

TEST(TransferProbe, DefaultSizeFitsTheDevice)
{
    const cl::Device& device = hoc::test::device();
    const std::size_t floats = hoc::TransferBenchmark::defaultFloats(device);
    EXPECT_GE(floats, std::size_t{1} << 20);
    EXPECT_LE(floats, std::size_t{1} << 26);
    EXPECT_LE(floats * sizeof(float), device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>());
    EXPECT_THROW(hoc::TransferBenchmark::require(device, std::size_t{1} << 50, "--transfer-size 2^50"),
                 hoc::UsageError);
}
