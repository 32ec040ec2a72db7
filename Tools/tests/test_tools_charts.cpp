// The SVG writer and the two charts: well-formed XML (parsed back with pugixml), text escaped,
// the log axes' arithmetic, and one marker per result that should be drawn.
#include <pugixml.hpp>

#include <cmath>

#include "hoc/tools/charts.hpp"
#include "hoc/tools/svg.hpp"
#include "hoc_test.hpp"
#include "tools_fixture.hpp"

namespace {

pugi::xml_document parse(const std::string& svg)
{
    pugi::xml_document doc;
    const auto result = doc.load_string(svg.c_str());
    EXPECT_TRUE(result) << result.description() << " at offset " << result.offset;
    return doc;
}

std::size_t count(const pugi::xml_document& doc, const char* xpath) { return doc.select_nodes(xpath).size(); }

bool hasText(const pugi::xml_document& doc, const std::string& text)
{
    for (const auto& node : doc.select_nodes("//text"))
        if (text == node.node().text().get())
            return true;
    return false;
}

}  // namespace

TEST(Svg, WritesWellFormedEscapedXml)
{
    hoc::tools::Svg svg(200, 100, "a <title> & \"quotes\"");
    svg.text(10, 20, "x < y & \"z\" > 'w'", {12, "middle", -45});
    svg.circle(50, 50, 4, "#ff0000", "tip <1>");
    svg.cross(60, 50, 4, "#00ff00", "wrong & more");
    svg.polyline({{0, 0}, {10.25, 20.5}}, "#000000", 2, "4,2");
    const auto doc = parse(svg.str());
    const auto root = doc.child("svg");
    EXPECT_STREQ(root.attribute("xmlns").value(), "http://www.w3.org/2000/svg");
    EXPECT_STREQ(root.attribute("viewBox").value(), "0 0 200.0 100.0");
    EXPECT_STREQ(root.child("title").text().get(), "a <title> & \"quotes\"");
    EXPECT_TRUE(hasText(doc, "x < y & \"z\" > 'w'"));
    EXPECT_STREQ(doc.select_node("//text").node().attribute("transform").value(), "rotate(-45.0 10.0 20.0)");
    EXPECT_STREQ(doc.select_node("//circle/title").node().text().get(), "tip <1>");
    EXPECT_EQ(count(doc, "//g/line"), 2u);
    EXPECT_STREQ(doc.select_node("//polyline").node().attribute("points").value(), "0.0,0.0 10.2,20.5");
}

TEST(Svg, LogAxisCoversWholeDecades)
{
    const auto axis = hoc::tools::LogAxis::covering(3, 4500, 500, 100);  // pixels 500 (bottom) to 100 (top)
    EXPECT_DOUBLE_EQ(axis.lo, 1);
    EXPECT_DOUBLE_EQ(axis.hi, 10000);
    EXPECT_DOUBLE_EQ(axis(1), 500);
    EXPECT_DOUBLE_EQ(axis(10000), 100);
    EXPECT_NEAR(axis(100), 300, 1e-9);  // halfway in logarithms
    EXPECT_EQ(axis.decades(), (std::vector<double>{1, 10, 100, 1000, 10000}));
    // A range inside one decade still gets one decade; an exact power of ten is its own edge.
    const auto one = hoc::tools::LogAxis::covering(10, 10, 0, 1);
    EXPECT_DOUBLE_EQ(one.lo, 10);
    EXPECT_DOUBLE_EQ(one.hi, 100);
    EXPECT_DOUBLE_EQ(hoc::tools::LogAxis::covering(0.02, 0.5, 0, 1).lo, 0.01);
}

TEST(Svg, DecadeLabels)
{
    EXPECT_EQ(hoc::tools::decadeLabel(1), "1");
    EXPECT_EQ(hoc::tools::decadeLabel(100), "100");
    EXPECT_EQ(hoc::tools::decadeLabel(1000), "1k");
    EXPECT_EQ(hoc::tools::decadeLabel(1e7), "10M");
    EXPECT_EQ(hoc::tools::decadeLabel(1e12), "1T");
    EXPECT_EQ(hoc::tools::decadeLabel(0.001), "0.001");
    EXPECT_EQ(hoc::tools::decadeLabel(1e-5), "1e-5");
}

TEST(Charts, ProgressionHasOneMarkerPerMflopsResult)
{
    const auto table = hoc::tools::buildTable(hoc::test::sampleRuns());
    const auto doc = parse(hoc::tools::progressionChart(table));
    // MFLOPS results outside the probe: naive (CPU wrong, GPU correct), tiled (CPU), competition (GPU).
    // Circles: 3 correct results plus one per device in the key; crosses: the wrong one.
    EXPECT_EQ(count(doc, "//circle"), 3u + 2u);
    EXPECT_EQ(count(doc, "//g[line]"), 1u);
    EXPECT_EQ(count(doc, "//circle/title[contains(., 'dev 1 (GPU), Exercise04_Matmul')]"), 1u);
    EXPECT_TRUE(hasText(doc, "04 C = A * B, one element per w...") || hasText(doc, "04 C = A * B, one element per work-item"));
    EXPECT_TRUE(hasText(doc, "08 tiles | <local> & \"16\""));  // escaped on the way out, read back intact
    // The vendor BLAS dashes: naive and competition on the GPU.
    EXPECT_EQ(count(doc, "//line[@stroke-dasharray='6,3']"), 2u);
    // Each device's FMA peak as a dotted line.
    EXPECT_EQ(count(doc, "//line[@stroke-dasharray='2,4']"), 2u);
}

TEST(Charts, ProgressionIsEmptyWithoutMflops)
{
    using hoc::test::cpu;
    const auto table = hoc::tools::buildTable(
        {hoc::test::run("A", "a", cpu(), {hoc::test::resultJson("x", "", true, 1, 1, "GB/s")})});
    EXPECT_EQ(hoc::tools::progressionChart(table), "");
}

TEST(Charts, RooflineHasEachDevicesRoofAndOnePointPerPlacedResult)
{
    const auto table = hoc::tools::buildTable(hoc::test::sampleRuns());
    const auto doc = parse(hoc::tools::rooflineChart(table));
    EXPECT_EQ(count(doc, "//polyline"), 2u);  // one roof per device
    // Placed (flops and bytes): vadd on both, naive on both (one wrong), tiled on the CPU.
    EXPECT_EQ(count(doc, "//circle"), 4u);
    EXPECT_EQ(count(doc, "//g[line]"), 1u);
    // Key: vadd 1, naive 2, tiled 3; the competition has no bytes and is not placed.
    EXPECT_TRUE(hasText(doc, "1  01 C = A + B"));
    EXPECT_TRUE(hasText(doc, "3  08 tiles | <local> & \"16\""));
    EXPECT_FALSE(hasText(doc, "4  10 best variant"));
    EXPECT_TRUE(hasText(doc, "copy 150.0 GB/s"));
    EXPECT_TRUE(hasText(doc, "dev 1 (GPU): FMA 1000 GFLOP/s"));
}

TEST(Charts, RooflinePointSitsWhereItsNumbersSay)
{
    // One device (150 GB/s, 1 TFLOP/s) and one result at 0.25 FLOP/byte and 21.47 GFLOP/s: the
    // circle's centre must map back to those numbers through the chart's own axes.
    using nlohmann::json;
    const auto table = hoc::tools::buildTable(
        {hoc::test::run(hoc::tools::kProbeExercise, "hoc-roofline", hoc::test::gpu(),
                        {hoc::test::resultJson("copy", "", true, 1, 150, "GB/s"),
                         hoc::test::resultJson("fma", "", true, 1, 1e6, "MFLOPS")}),
         hoc::test::run("Exercise04_Matmul", "matmul", hoc::test::gpu(),
                        {hoc::test::resultJson("naive", "", true, 0.1, 21474.83648, "MFLOPS",
                                               json{{"flops", 2147483648.0}, {"bytes", 8589934592.0}})})});
    const auto doc = parse(hoc::tools::rooflineChart(table));
    const auto circle = doc.select_node("//circle").node();
    ASSERT_TRUE(circle);
    // The axes: x covers ridge/16 .. ridge*16 (6.67 FLOP/byte) -> 0.1 .. 1000 on pixels 80 .. 620;
    // y covers peak/64 .. 1.5 peak GFLOP/s -> 10 .. 10000 on pixels 520 .. 60.
    const double x = std::stod(circle.attribute("cx").value()), y = std::stod(circle.attribute("cy").value());
    const double intensity = std::pow(10.0, -1 + (x - 80) / (620 - 80) * 4);
    const double gflops = std::pow(10.0, 1 + (520 - y) / (520 - 60) * 3);
    EXPECT_NEAR(intensity, 0.25, 0.25 * 0.01);  // coordinates are written to 0.1 pixel
    EXPECT_NEAR(gflops, 21.47483648, 21.47 * 0.01);
}

TEST(Charts, ShortLabelsNameTheExerciseNumber)
{
    hoc::tools::Row row;
    row.folder = "Exercise06_MatmulRow";
    row.name = "one row of C per work-item";
    EXPECT_EQ(hoc::tools::shortLabel(row, 40), "06 one row of C per work-item");
    EXPECT_EQ(hoc::tools::shortLabel(row, 12), "06 one ro...");
    row.folder = "Roofline";
    EXPECT_EQ(hoc::tools::shortLabel(row, 60), "Roofline one row of C per work-item");
}
