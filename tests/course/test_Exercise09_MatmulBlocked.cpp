// Exercise 9: the blocked kernel and its variants (reqd_work_group_size, local memory from cl::Local,
// images) and Appendix E's tile-order kernel (its tiles loaded along rows and down columns), each
// against the double reference within the dot-product error bound (hoc_matmul_test.hpp), for every test size with 16 x
// 16 tiles, and for two sizes with other tiles; and the performance table's own logic (performance_table.hpp): how much
// of C the sequential code computes, and a row skipped for a missing feature against a row that failed.
#include <sstream>

#include "hoc_hints/Exercise09_MatmulBlocked.hpp"
#include "hoc_matmul_test.hpp"
#include "hoc/common/program.hpp"
#include "matmul_blocked.hpp"
#include "hoc/matmul/performance_table.hpp"

using hoc::matmul::Dims;

class MatmulBlocked : public ::testing::TestWithParam<Dims> {};

TEST_P(MatmulBlocked, Blocked)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulBlocked(device, a, b, d, 16); }, GetParam(),
        "mmul_blocked (matmul_blocked.cl), tile 16"));
}

TEST_P(MatmulBlocked, RequiredWorkGroupSize)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulBlocked(device, a, b, d, 16, true); }, GetParam(),
        "mmul_blocked (matmul_blocked.cl) with -DREQUIRE_GROUP_SIZE, tile 16"));
}

TEST_P(MatmulBlocked, DynamicLocalMemory)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulBlockedDynamic(device, a, b, d, 16); }, GetParam(),
        "mmul_blocked_dynamic (matmul_blocked_dynamic.cl), tile 16"));
}

TEST_P(MatmulBlocked, Images)
{
    if (!hoc::test::device().getInfo<CL_DEVICE_IMAGE_SUPPORT>())
        GTEST_SKIP() << "the test device has no image support (CL_DEVICE_IMAGE_SUPPORT is false)";
    EXPECT_TRUE(hoc::test::matmulCorrect(matmulImage, GetParam(), "mmul_image (matmul_image.cl)"));
}

// Part 3's lesson, A and B read as images: the parameters of mmul_image as its file declares them, as
// the build recorded them (hoc::builtKernelsText). A kernel whose A or B is a float pointer can still
// give the right C (PoCL lets an image stand for a float pointer), but it reads no image.
TEST(MatmulImagesTechnique, AAndBAreImages)
{
    if (!hoc::test::device().getInfo<CL_DEVICE_IMAGE_SUPPORT>())
        GTEST_SKIP() << "the test device has no image support (CL_DEVICE_IMAGE_SUPPORT is false)";
    const Dims d{4, 4, 4};
    const std::vector<float> a(d.m * d.k, 1.0f), b(d.k * d.n, 1.0f);
    try {
        matmulImage(hoc::test::device(), a, b, d);
    } catch (const std::exception&) {
        // A float pointer given an image may be refused (Intel's CPU runtime: CL_INVALID_MEM_OBJECT); the
        // build has recorded the parameters by then, and the Images tests name the error.
    }
    const std::string built = hoc::builtKernelsText();
    const std::size_t at = built.find("    mmul_image(");
    if (at == std::string::npos)
        GTEST_SKIP() << "the parameters of mmul_image could not be read from its file:\n" << built;
    const std::size_t open = built.find('(', at), close = built.find(')', open);
    std::vector<std::string> params;
    std::stringstream list(built.substr(open + 1, close - open - 1));
    for (std::string p; std::getline(list, p, ',');)
        params.push_back(p);
    for (const auto& [index, name] : {std::pair{std::size_t{3}, "A"}, std::pair{std::size_t{4}, "B"}}) {
        std::string declared = index < params.size() ? params[index] : std::string("(missing)");
        declared.erase(0, declared.find_first_not_of(' '));
        const bool image = declared.find("image2d_t") != std::string::npos;
        EXPECT_TRUE(image) << HOC_UNDER_TEST << "/part3_images/matmul_image.cl: mmul_image's parameter " << name
                           << " is declared " << declared << ", not an image2d_t: " << name
                           << " is read as a buffer, not as an image\n  hint: "
                           << hoc::test::hint(hoc::hints::technique_images, {{"matrix", name}});
    }
}

// Appendix E measured (tile_order): the given kernel is correct in both load orders; only the speed may differ.
TEST_P(MatmulBlocked, TileOrderAlongRows)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulTileOrder(device, a, b, d, 16, false); }, GetParam(),
        "mmul_tile_order (matmul_tile_order.cl), loads along rows, tile 16"));
}

TEST_P(MatmulBlocked, TileOrderDownColumns)
{
    EXPECT_TRUE(hoc::test::matmulCorrect(
        [](auto& device, auto& a, auto& b, Dims d) { return matmulTileOrder(device, a, b, d, 16, true); }, GetParam(),
        "mmul_tile_order (matmul_tile_order.cl) with -DLOADS_DOWN_COLUMNS, tile 16"));
}

INSTANTIATE_TEST_SUITE_P(Sizes, MatmulBlocked, ::testing::ValuesIn(hoc::test::matmulSizes()), hoc::test::sizeName);

// An odd tile, on sizes that are not multiples of it, for the three tiled kernels.
TEST(MatmulOtherTiles, Tile7)
{
    for (const Dims d : {Dims{17, 33, 65}, Dims{257, 257, 257}}) {
        EXPECT_TRUE(hoc::test::matmulCorrect(
            [](auto& device, auto& a, auto& b, Dims d) { return matmulBlocked(device, a, b, d, 7); }, d,
            "mmul_blocked, tile 7"));
        EXPECT_TRUE(hoc::test::matmulCorrect(
            [](auto& device, auto& a, auto& b, Dims d) { return matmulBlocked(device, a, b, d, 7, true); }, d,
            "mmul_blocked with -DREQUIRE_GROUP_SIZE, tile 7"));
        EXPECT_TRUE(hoc::test::matmulCorrect(
            [](auto& device, auto& a, auto& b, Dims d) { return matmulBlockedDynamic(device, a, b, d, 7); }, d,
            "mmul_blocked_dynamic, tile 7"));
    }
}

// 32 x 32 = 1024 work-items, the largest work-group many devices allow, with local memory sized at run
// time. A device (or a kernel: NVIDIA's OpenCL allows these kernels 256) may allow fewer; the host
// then refuses with the limit named, and the test is skipped.
TEST(MatmulOtherTiles, Tile32Dynamic)
{
    const auto host = [](auto& device, auto& a, auto& b, Dims d) { return matmulBlockedDynamic(device, a, b, d, 32); };
    try {
        const auto in = hoc::matmul::randomInputs({1, 1, 1});
        host(hoc::test::device(), in.a, in.b, Dims{1, 1, 1});
    } catch (const hoc::Failure& e) {
        if (std::string(e.what()).find("WORK_GROUP_SIZE") != std::string::npos)
            GTEST_SKIP() << e.what();
    } catch (...) {
        // reported by the check below
    }
    EXPECT_TRUE(hoc::test::matmulCorrect(host, Dims{17, 33, 65}, "mmul_blocked_dynamic, tile 32"));
}

// A tile the device cannot run fails before anything is built, naming the limit.
TEST(MatmulBlockedLimits, TileLargerThanTheDeviceAllows)
{
    const std::size_t limit = hoc::test::device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    std::size_t tile = 1;
    while (tile * tile <= limit)
        ++tile;
    const auto in = hoc::matmul::randomInputs({4, 4, 4});
    for (const bool reqd : {false, true}) {
        try {
            matmulBlocked(hoc::test::device(), in.a, in.b, {4, 4, 4}, tile, reqd);
            ADD_FAILURE() << HOC_UNDER_TEST << ": tile " << tile << " should have been refused";
        } catch (const hoc::Failure& e) {
            EXPECT_NE(std::string(e.what()).find("CL_DEVICE_MAX_WORK_GROUP_SIZE"), std::string::npos) << e.what();
        }
    }
    try {
        matmulBlockedDynamic(hoc::test::device(), in.a, in.b, {4, 4, 4}, tile);
        ADD_FAILURE() << HOC_UNDER_TEST << ": tile " << tile << " should have been refused";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("CL_DEVICE_MAX_WORK_GROUP_SIZE"), std::string::npos) << e.what();
    }
}

TEST(MatmulTable, SerialRowsKeepsTheSequentialCodeShort)
{
    EXPECT_EQ(hoc::matmul::serialRows({1024, 1024, 1024}, 0), 1024u);  // 2.1 GFLOP: all of it
    EXPECT_EQ(hoc::matmul::serialRows({4096, 4096, 4096}, 0), 128u);   // 2^32 / (2 * 4096 * 4096)
    EXPECT_EQ(hoc::matmul::serialRows({4096, 4096, 4096}, 10), 10u);
    EXPECT_EQ(hoc::matmul::serialRows({3, 4096, 4096}, 1000), 3u);
}

TEST(MatmulTable, SkipsAMissingFeatureButFailsOnAnError)
{
    // A device without images skips that row; a missing kernel file is an error the table names at
    // the end (exit status 3), after printing every row it could measure.
    const hoc::matmul::Dims d{4, 3, 5};
    const auto unsupported = [](const cl::Device&, const std::vector<float>&, const std::vector<float>&,
                                hoc::matmul::Dims) -> hoc::matmul::MatmulResult {
        throw hoc::Unsupported("no images here");
    };
    const auto missing = [](const cl::Device&, const std::vector<float>&, const std::vector<float>&,
                            hoc::matmul::Dims) -> hoc::matmul::MatmulResult {
        throw hoc::Failure("kernel file x.cl not found");
    };
    std::vector<hoc::matmul::Variant> variants;
    variants.push_back({"image", "needs images", unsupported, {}, 0, 0});
    std::ostringstream log;
    hoc::Report report(log);
    auto rows = hoc::matmul::measure(hoc::test::device(), variants, {d}, {{1, 1}, 0}, report);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_FALSE(rows[0].ran);
    EXPECT_FALSE(rows[0].failed);
    EXPECT_NO_THROW(hoc::matmul::requireEveryRowRan(rows));

    variants.push_back({"broken", "a missing kernel file", missing, {}, 0, 0});
    rows = hoc::matmul::measure(hoc::test::device(), variants, {d}, {{1, 1}, 0}, report);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_TRUE(rows[1].failed);
    try {
        hoc::matmul::requireEveryRowRan(rows);
        FAIL() << "a row that failed with an error was not reported";
    } catch (const hoc::Failure& e) {
        EXPECT_NE(std::string(e.what()).find("x.cl not found"), std::string::npos) << e.what();
    }
}
