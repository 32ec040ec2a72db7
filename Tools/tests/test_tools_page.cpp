// results.html: the charts' data (the matmul ladder once, in course order, one series per device;
// every result with an intensity on the roofline; a split over several devices under no one roof;
// a note on every fraction above 100%), and the page as a person sees it: opened in headless
// Chromium (Debian's chromium, script/packages.txt), it loads without script errors and shows the
// table and both charts drawn.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "hoc/tools/html.hpp"
#include "hoc/tools/process.hpp"
#include "hoc/tools/writers.hpp"
#include "hoc_test.hpp"
#include "tools_fixture.hpp"

namespace fs = std::filesystem;
using namespace hoc::tools;

namespace {

// The fixture's runs and three more: the matmul_table program (its rows repeat the ladder), a split
// over two devices started on the CPU, and a reduction above the CPU's bandwidth roof.
std::vector<Run> pageRuns()
{
    auto runs = hoc::test::sampleRuns();
    using nlohmann::json;
    const std::string size = "M = N = K = 1024";
    runs.push_back(hoc::test::run("Exercise09_MatmulBlocked", "matmul_table", hoc::test::cpu(),
                                  {hoc::test::resultJson("C = A * B, one element per work-item", size, true, 1, 2000,
                                                         "MFLOPS", json{{"flops", 2147483648.0}})}));
    runs.push_back(hoc::test::run("Exercise15_MultipleDevices", "multi_device", hoc::test::cpu(),
                                  {hoc::test::resultJson("C = A * B over 2 devices", size, true, 0.01, 214748.3648,
                                                         "MFLOPS", json{{"flops", 2147483648.0}, {"devices", 2}})}));
    runs.push_back(hoc::test::run("Exercise16_Reduction", "reduce", hoc::test::cpu(),
                                  {hoc::test::resultJson("sum, tree", "N = 1048576", true, 0.0001, 41.94304, "GB/s",
                                                         json{{"bytes", 4194304}, {"flops", 1048576}})}));
    return runs;
}

std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string chartJs()
{
    for (const auto& path : chartJsCandidates())
        if (fs::exists(path))
            return readText(path);
    return "";
}

std::string attribute(const std::string& dom, const std::string& element, const std::string& name)
{
    const std::regex pattern("<" + element + "[^>]*\\s" + name + "=\"([^\"]*)\"");
    std::smatch match;
    return std::regex_search(dom, match, pattern) ? match[1].str() : "";
}

const fs::path kChromium = "/usr/bin/chromium";

std::vector<std::string> chromiumArgs(const fs::path& dir)
{
    return {kChromium.string(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-extensions", "--user-data-dir=" + (dir / "profile").string(), "--virtual-time-budget=10000",
            "--window-size=1400,2600"};
}

// Writes `table` as results.html in a fresh folder `name` of the build folder, opens it in headless
// Chromium and returns the page's DOM after its scripts ran ("" after a failed assertion).
std::string openInChromium(const std::string& name, const Table& table, const std::string& script)
{
    const fs::path dir = fs::path(HOC_BINARY_DIR) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        std::ofstream out(dir / "results.html");
        out << html(table, {{"seconds", 12.5}, {"command", {"hoc-runner", "--device", "all"}}}, script);
    }
    auto args = chromiumArgs(dir);
    args.insert(args.end(), {"--dump-dom", "file://" + fs::absolute(dir / "results.html").string()});
    const auto dumped = runProcess(args, (dir / "dom.html").string(), 120);
    EXPECT_TRUE(dumped.succeeded()) << dumped.describe() << "\n" << readText(dir / "dom.html");
    return dumped.succeeded() ? readText(dir / "dom.html") : "";
}

}  // namespace

TEST(Page, ProgressionShowsTheLadderOncePerDevice)
{
    const Table table = buildTable(pageRuns());
    const auto data = progressionData(table);
    // Exercise 04's and 08's variants, in course order; not matmul_table's repeat, not the
    // competition (Exercise 10 here), not the split.
    ASSERT_EQ(data["variants"].size(), 2u) << data.dump();
    EXPECT_EQ(data["variants"][0]["name"], "C = A * B, one element per work-item");
    EXPECT_EQ(data["variants"][0]["exercise"], "04");
    EXPECT_EQ(data["variants"][1]["name"], "tiles | <local> & \"16\"");  // the full name
    ASSERT_EQ(data["series"].size(), 2u);  // one per device
    EXPECT_EQ(data["series"][0]["device"], "dev 0 (CPU)");
    EXPECT_DOUBLE_EQ(data["series"][1]["values"][0].get<double>(), 21474.83648);
    EXPECT_TRUE(data["series"][1]["values"][1].is_null());  // failed on the GPU
    ASSERT_EQ(data["blas"].size(), 1u);  // measured on the GPU only
    EXPECT_EQ(data["blas"][0]["device"], "dev 1 (GPU)");
}

TEST(Page, RooflinePlacesEveryResultWithAnIntensityAndNotesThoseAboveTheRoof)
{
    const Table table = buildTable(pageRuns());
    const auto data = rooflineData(table);
    ASSERT_EQ(data["devices"].size(), 2u);
    EXPECT_DOUBLE_EQ(data["devices"][1]["peak_gflops"].get<double>(), 1000);
    // vadd on both devices, matmul on both (the wrong one too), tiled on the CPU, the reduction.
    ASSERT_EQ(data["points"].size(), 6u) << data.dump(1);
    int above = 0;
    for (const auto& point : data["points"]) {
        EXPECT_EQ(point["text"].get<std::string>().find("multi_device"), std::string::npos);
        if (point["above"].get<bool>()) {
            ++above;
            EXPECT_NE(point["text"].get<std::string>().find("reduce"), std::string::npos);
            EXPECT_NE(point["note"].get<std::string>().find("caches"), std::string::npos);
        }
    }
    EXPECT_EQ(above, 1);
}

TEST(Page, SplitOverSeveralDevicesIsMarkedAndHasNoRoof)
{
    const Table table = buildTable(pageRuns());
    bool seen = false;
    for (const auto& row : table.rows)
        if (row.program == "multi_device") {
            seen = true;
            EXPECT_EQ(row.devices, 2);
            EXPECT_FALSE(row.cells[0].roof.has_value());  // 214748 MFLOPS would be 107% of the CPU's roof
            EXPECT_NE(rowNote(table, row).find("ran on 2 devices"), std::string::npos);
        }
    EXPECT_TRUE(seen);
    EXPECT_NE(markdown(table).find("ran on 2 devices"), std::string::npos);
}

TEST(Page, EveryFractionAboveOneHundredPercentHasANote)
{
    const Table table = buildTable(pageRuns());
    for (const auto& row : table.rows)
        for (const auto& cell : row.cells)
            if (cell.roof && cell.roof->fraction > 1)
                EXPECT_FALSE(cell.note.empty()) << row.variant();
    const std::string md = markdown(table);
    EXPECT_NE(md.find("(!)"), std::string::npos);
    EXPECT_NE(md.find("caches serve again"), std::string::npos);
}

TEST(Page, IsSelfContainedAndEscaped)
{
    const std::string page = html(buildTable(pageRuns()), {{"seconds", 12.5}}, "/* chart.js */");
    EXPECT_EQ(page.find("src="), std::string::npos);  // no script or image from elsewhere
    EXPECT_EQ(page.find("<link"), std::string::npos);
    EXPECT_NE(page.find("tiles | &lt;local&gt; &amp; &quot;16&quot;"), std::string::npos);
    EXPECT_NE(page.find("<table id=results-table>"), std::string::npos);
    EXPECT_NE(page.find("<table id=devices-table>"), std::string::npos);
    EXPECT_NE(page.find("How each figure was measured"), std::string::npos);
    // Without Chart.js the page says why it has no charts.
    EXPECT_NE(html(buildTable(pageRuns()), {}, "").find("The charts need Chart.js"), std::string::npos);
}

// The page as a person sees it: Chromium loads it with no script error, and the table and both
// charts are there, drawn (pixels on each canvas, a number beside every roofline point). A
// screenshot is left in the build folder (test_tools_page/results.png) for a person to look at.
TEST(Page, OpensInABrowserWithTableAndBothCharts)
{
    const std::string script = chartJs();
    ASSERT_FALSE(script.empty()) << "Chart.js is not installed (Debian's libjs-chart.js: script/bootstrap)";
    ASSERT_TRUE(fs::exists(kChromium)) << "Chromium is not installed (Debian's chromium: script/bootstrap)";
    const std::string dom = openInChromium("test_tools_page", buildTable(pageRuns()), script);
    ASSERT_FALSE(dom.empty());
    EXPECT_EQ(attribute(dom, "html", "data-errors"), "") << "the page's scripts reported errors";
    EXPECT_NE(dom.find("<p id=\"charts-status\">drawn</p>"), std::string::npos) << "the charts were not drawn";
    EXPECT_NE(dom.find("<table id=\"results-table\">"), std::string::npos);
    EXPECT_NE(dom.find("tiles | &lt;local&gt; &amp; \"16\""), std::string::npos);  // the table's text, escaped once
    for (const char* chart : {"progression", "roofline"}) {
        const std::string ink = attribute(dom, "canvas id=\"" + std::string(chart) + "\"", "data-ink");
        ASSERT_FALSE(ink.empty()) << chart << " has no drawing";
        EXPECT_GT(std::stol(ink), 5000) << chart << " is (almost) blank";
    }
    EXPECT_EQ(attribute(dom, "canvas id=\"roofline\"", "data-labels"), "6");  // a number beside each point
    EXPECT_EQ(attribute(dom, "canvas id=\"roofline\"", "data-label-overlaps"), "0");

    const fs::path dir = fs::path(HOC_BINARY_DIR) / "test_tools_page";
    auto shotArgs = chromiumArgs(dir);
    shotArgs.insert(shotArgs.end(), {"--screenshot=" + (dir / "results.png").string(),
                                     "file://" + fs::absolute(dir / "results.html").string()});
    const auto shot = runProcess(shotArgs, (dir / "screenshot.log").string(), 120);
    EXPECT_TRUE(shot.succeeded()) << shot.describe() << "\n" << readText(dir / "screenshot.log");
    EXPECT_GT(fs::file_size(dir / "results.png"), 50000u);  // a page of text and two charts, not a blank one
}

// A crowded roofline like a real room's (two devices, 60 results, many at one intensity, some
// measured twice by two programs at exactly the same rate): every result still gets its number,
// and no number is drawn over another number or a point.
TEST(Page, CrowdedRooflineNumbersDoNotOverlap)
{
    const std::string script = chartJs();
    ASSERT_FALSE(script.empty()) << "Chart.js is not installed (Debian's libjs-chart.js: script/bootstrap)";
    ASSERT_TRUE(fs::exists(kChromium)) << "Chromium is not installed (Debian's chromium: script/bootstrap)";
    using nlohmann::json;
    auto runs = hoc::test::sampleRuns();
    std::size_t points = 0;
    for (const auto* device : {&hoc::test::cpu(), &hoc::test::gpu()}) {
        std::vector<json> results;
        for (int i = 0; i < 30; ++i) {
            // Intensity 0.25 or 0.5 FLOP/byte; rates 5% apart, and every fifth one measured twice.
            const double flops = 2147483648.0, rate = 1000.0 * std::pow(1.05, i / 5 * 5 + (i % 5 == 4 ? 3 : i % 5));
            results.push_back(hoc::test::resultJson("variant " + std::to_string(i), "M = N = K = 1024", true,
                                                    flops / rate / 1e6, rate, "MFLOPS",
                                                    json{{"flops", flops}, {"bytes", flops * (i % 2 ? 2 : 4)}}));
        }
        points += results.size();
        runs.push_back(hoc::test::run("Exercise09_MatmulBlocked", "matmul_table", *device, results));
    }
    const auto data = rooflineData(buildTable(runs));
    const std::size_t expected = data["points"].size();
    ASSERT_GE(expected, points);

    const std::string dom = openInChromium("test_tools_page_crowded", buildTable(runs), script);
    ASSERT_FALSE(dom.empty());
    EXPECT_EQ(attribute(dom, "html", "data-errors"), "") << "the page's scripts reported errors";
    EXPECT_EQ(attribute(dom, "canvas id=\"roofline\"", "data-labels"), std::to_string(expected));
    EXPECT_EQ(attribute(dom, "canvas id=\"roofline\"", "data-label-overlaps"), "0");
}

// hoc-results --html makes the page again from the programs' JSON files (a run made elsewhere),
// and never replaces a file that is not a page.
TEST(Page, HocResultsWritesThePageFromResultFiles)
{
    const fs::path dir = fs::path(HOC_BINARY_DIR) / "test_tools_page_results";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::vector<std::string> args = {std::string(HOC_TOOLS_DIR) + "/hoc-results", "--html",
                                     (dir / "results.html").string(), "--chartjs", (dir / "chart.js").string()};
    std::ofstream(dir / "chart.js") << "/* a stand-in for Chart.js */";
    int n = 0;
    for (auto run : pageRuns()) {
        run.doc["device"] = {{"name", run.device.name}, {"type", run.device.type}, {"platform", run.device.platform}};
        const fs::path file = dir / ("run" + std::to_string(++n) + ".json");
        std::ofstream(file) << run.doc.dump();
        args.push_back(file.string());
    }
    const auto made = runProcess(args, (dir / "log").string(), 60);
    EXPECT_EQ(made.exitCode, 1) << made.describe();  // the fixture holds a wrong result
    const std::string page = readText(dir / "results.html");
    EXPECT_NE(page.find("<table id=results-table>"), std::string::npos);
    EXPECT_NE(page.find("/* a stand-in for Chart.js */"), std::string::npos);  // inlined, not linked
    EXPECT_NE(page.find("Made from " + std::to_string(n) + " result files"), std::string::npos);

    std::ofstream(dir / "notes.txt") << "an instructor's notes";
    args[2] = (dir / "notes.txt").string();
    const auto refused = runProcess(args, (dir / "log").string(), 60);
    EXPECT_EQ(refused.exitCode, 2) << refused.describe();
    EXPECT_EQ(readText(dir / "notes.txt"), "an instructor's notes");
    EXPECT_NE(readText(dir / "log").find("not a file this program writes"), std::string::npos);
}
