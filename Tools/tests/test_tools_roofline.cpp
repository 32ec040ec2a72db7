// The roofline arithmetic, with the course notes' example GPU (1 TFLOP/s, 150 GB/s) and its
// matrix-multiplication answers: the naive kernel (0.25 FLOP/byte) is bounded at 37.5 GFLOP/s,
// 16 x 16 tiles (4 FLOP/byte) at 600 GFLOP/s, 32 x 32 tiles reach the flat roof.
#include "hoc/tools/roofline.hpp"
#include "hoc/tools/results.hpp"
#include "hoc_test.hpp"
#include "tools_fixture.hpp"

using hoc::tools::Roofs;
using hoc::tools::Standing;

namespace {
const Roofs kNotesGpu{150, 1e6};  // 150 GB/s, 1,000,000 MFLOPS
}

TEST(Roofline, RidgeIsPeakOverBandwidth)
{
    EXPECT_DOUBLE_EQ(hoc::tools::ridgeIntensity(kNotesGpu), 1e6 / 150e3);  // 6.67 FLOP/byte
    EXPECT_DOUBLE_EQ(hoc::tools::ridgeIntensity(Roofs{20, 2e5}), 10.0);
    EXPECT_EQ(hoc::tools::ridgeIntensity(Roofs{}), 0.0);
}

TEST(Roofline, BoundIsTheLowerRoof)
{
    EXPECT_DOUBLE_EQ(hoc::tools::boundMflops(kNotesGpu, 0.25), 37500);       // naive: 2 flops per 8 bytes
    EXPECT_DOUBLE_EQ(hoc::tools::boundMflops(kNotesGpu, 4.0), 600000);       // 16 x 16 tiles
    EXPECT_DOUBLE_EQ(hoc::tools::boundMflops(kNotesGpu, 8.0), 1e6);          // 32 x 32 tiles: compute bound
    EXPECT_DOUBLE_EQ(hoc::tools::boundMflops(kNotesGpu, 1e6 / 150e3), 1e6);  // exactly at the ridge
}

TEST(Roofline, PlacesAResultWithFlopsAndBytes)
{
    // 2^31 flops, 2^33 bytes in 0.1 s: 21474.83648 MFLOPS at 0.25 FLOP/byte, under a 37500 MFLOPS roof.
    const auto s = hoc::tools::standing(kNotesGpu, 2147483648.0, 8589934592.0, 0.1, 0, "MFLOPS");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->kind, Standing::Kind::Placed);
    EXPECT_DOUBLE_EQ(s->intensity, 0.25);
    EXPECT_DOUBLE_EQ(s->attained, 21474.83648);
    EXPECT_DOUBLE_EQ(s->bound, 37500);
    EXPECT_DOUBLE_EQ(s->fraction, 21474.83648 / 37500);
    EXPECT_TRUE(s->memoryBound);

    const auto right = hoc::tools::standing(kNotesGpu, 8e9, 1e9, 0.01, 0, "steps/s");  // 8 FLOP/byte
    ASSERT_TRUE(right);
    EXPECT_FALSE(right->memoryBound);
    EXPECT_DOUBLE_EQ(right->bound, 1e6);
    EXPECT_DOUBLE_EQ(right->fraction, 0.8);  // 8e9 / 0.01 s = 800000 MFLOPS
}

TEST(Roofline, AResultAboveBothRoofsSaysSo)
{
    // 0.25 FLOP/byte at 1.2e6 MFLOPS: 32x the bandwidth roof (37500) and above the flat roof (1e6) too,
    // as the panel kernel on a CPU whose FMA probe stays below the device's peak.
    const auto both = hoc::tools::standing(kNotesGpu, 1.2e10, 4.8e10, 0.01, 0, "MFLOPS");
    ASSERT_TRUE(both);
    EXPECT_TRUE(both->memoryBound);
    EXPECT_TRUE(both->aboveCompute);
    EXPECT_NE(hoc::tools::aboveRoofNote(both).find("above both roofs"), std::string::npos);
    EXPECT_NE(hoc::tools::aboveRoofNote(both).find("FMA roof"), std::string::npos);

    // Above the bandwidth roof only: the note speaks of caches, not of the FMA probe.
    const auto cached = hoc::tools::standing(kNotesGpu, 1e9, 4e9, 0.01, 0, "MFLOPS");  // 100000 MFLOPS
    ASSERT_TRUE(cached);
    EXPECT_FALSE(cached->aboveCompute);
    EXPECT_NE(hoc::tools::aboveRoofNote(cached).find("above the bandwidth roof"), std::string::npos);
    EXPECT_EQ(hoc::tools::aboveRoofNote(cached).find("FMA"), std::string::npos);
}

TEST(Roofline, WithoutIntensityComparesWithOneRoof)
{
    const auto flopsOnly = hoc::tools::standing(kNotesGpu, 1e9, std::nullopt, 0.01, 0, "MFLOPS");
    ASSERT_TRUE(flopsOnly);
    EXPECT_EQ(flopsOnly->kind, Standing::Kind::ComputeOnly);
    EXPECT_DOUBLE_EQ(flopsOnly->fraction, 0.1);  // 100000 of 1000000 MFLOPS

    const auto bytesOnly = hoc::tools::standing(kNotesGpu, std::nullopt, 1.5e9, 0.02, 75, "GB/s");
    ASSERT_TRUE(bytesOnly);
    EXPECT_EQ(bytesOnly->kind, Standing::Kind::BandwidthOnly);
    EXPECT_DOUBLE_EQ(bytesOnly->attained, 75);
    EXPECT_DOUBLE_EQ(bytesOnly->fraction, 0.5);

    // Only the rate: an MFLOPS or GB/s rate still has its roof; other units have none.
    EXPECT_DOUBLE_EQ(hoc::tools::standing(kNotesGpu, std::nullopt, std::nullopt, 1, 5e5, "MFLOPS")->fraction, 0.5);
    EXPECT_DOUBLE_EQ(hoc::tools::standing(kNotesGpu, std::nullopt, std::nullopt, 1, 30, "GB/s")->fraction, 0.2);
    EXPECT_FALSE(hoc::tools::standing(kNotesGpu, std::nullopt, std::nullopt, 1, 1e6, "steps/s"));
    // Zero flops (a copy that says so) is no flop count.
    EXPECT_EQ(hoc::tools::standing(kNotesGpu, 0.0, 1.5e9, 0.02, 75, "GB/s")->kind, Standing::Kind::BandwidthOnly);
}

TEST(Roofline, NothingWithoutRoofs)
{
    EXPECT_FALSE(hoc::tools::standing(Roofs{}, 1e9, 1e9, 1, 1000, "MFLOPS"));
    EXPECT_FALSE(hoc::tools::standing(Roofs{150, 0}, 1e9, 1e9, 1, 1000, "MFLOPS"));
}

TEST(Roofline, TableTakesTheRoofsFromTheProbeAndPlacesEachResult)
{
    const auto table = hoc::tools::buildTable(hoc::test::sampleRuns());
    ASSERT_EQ(table.columns.size(), 2u);
    EXPECT_DOUBLE_EQ(table.columns[0].roofs.bandwidthGBps, 20);
    EXPECT_DOUBLE_EQ(table.columns[0].roofs.computeMflops, 200000);
    EXPECT_DOUBLE_EQ(table.columns[1].roofs.bandwidthGBps, 150);
    EXPECT_DOUBLE_EQ(table.columns[1].roofs.computeMflops, 1e6);

    auto row = [&](const std::string& folder) -> const hoc::tools::Row& {
        for (const auto& r : table.rows)
            if (r.folder == folder)
                return r;
        throw std::runtime_error("no row " + folder);
    };
    // Naive matmul: 0.25 FLOP/byte; CPU bound 0.25 x 20 GB/s = 5000 MFLOPS, GPU 37500 MFLOPS.
    const auto& naive = row("Exercise04_MatmulKernel");
    EXPECT_DOUBLE_EQ(naive.cells[0].roof->fraction, 2147.483648 / 5000);
    EXPECT_DOUBLE_EQ(naive.cells[1].roof->fraction, 21474.83648 / 37500);
    // Tiled: 4 FLOP/byte, CPU bound 80000 MFLOPS.
    const auto& tiled = row("Exercise08_MatmulLocalColumn");
    EXPECT_DOUBLE_EQ(tiled.cells[0].roof->intensity, 4.0);
    EXPECT_DOUBLE_EQ(tiled.cells[0].roof->fraction, 4294.967296 / 80000);
    EXPECT_FALSE(tiled.cells[1].roof);  // failed there
    // vadd: 1 flop per 12 bytes.
    EXPECT_DOUBLE_EQ(row("Exercise01_Vadd").cells[1].roof->intensity, 1.0 / 12);
    // pi in steps/s without flops: no roof. The probe's own rows: none either (they are the roofs).
    EXPECT_FALSE(row("Exercise11_Pi").cells[1].roof);
    EXPECT_FALSE(row(hoc::tools::kProbeExercise).cells[0].roof);
}

// hoc-roofline marks its roofs ("roof" in extra: the read probe and the FMA probe) and shows a copy
// beside them; the copy, even where it is the faster (a buffer that fits a CPU's cache), is no roof.
TEST(Roofline, TheMarkedReadProbeIsTheRoofNotTheCopyBesideIt)
{
    using nlohmann::json;
    auto runs = hoc::test::sampleRuns();
    runs[0].doc["results"] = json::array(
        {hoc::test::resultJson("read (peak bandwidth)", "x", true, 0.1, 20, "GB/s", json{{"bytes", 2e9}, {"roof", 1}}),
         hoc::test::resultJson("copy (reads and writes)", "N = 64", true, 0.1, 25, "GB/s", json{{"bytes", 2.5e9}}),
         hoc::test::resultJson("fused multiply-add (peak FP32)", "x", true, 0.1, 200000, "MFLOPS",
                               json{{"flops", 2e10}, {"bytes", 4096}, {"roof", 1}})});
    const auto table = hoc::tools::buildTable(runs);
    EXPECT_DOUBLE_EQ(table.columns[0].roofs.bandwidthGBps, 20);
    EXPECT_DOUBLE_EQ(table.columns[0].roofs.computeMflops, 200000);
    // A wrong read probe leaves no bandwidth roof: the copy does not stand in for it.
    runs[0].doc["results"][0]["correct"] = false;
    EXPECT_FALSE(hoc::tools::buildTable(runs).columns[0].roofs.known());
}

TEST(Roofline, AWrongProbeResultGivesNoRoof)
{
    auto runs = hoc::test::sampleRuns();
    runs[0].doc["results"][0]["correct"] = false;  // the CPU's bandwidth probe
    const auto table = hoc::tools::buildTable(runs);
    EXPECT_FALSE(table.columns[0].roofs.known());
    EXPECT_TRUE(table.columns[1].roofs.known());
}
