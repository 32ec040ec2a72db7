// results.html: the charts' data (the matmul ladder once, in course order, one series per device;
// every result with an intensity on the roofline; a split over several devices under no one roof;
// a note on every fraction above 100%), and the page as a person sees it: opened in headless
// Chromium (Debian's chromium, script/packages.txt), it loads without script errors and shows the
// table and both charts drawn; a room's table fits a window 1400 px wide, its rates in units scaled
// to their size.
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

// A room's run like the one in the top README (PoCL on a 16-core Xeon as dev 0, an H100 as dev 1,
// 2026-11-23, `script/run --device all`): its roofs and a sample of its rows with their figures, the
// long variant names, rates from 349.7 MFLOPS to 65.8 TFLOPS and 2.5e12 steps/s, "GFLOPS" and "GB/s
// (round trip)" units, notes above the roof and above the BLAS, plus a split over both devices and a
// failure with a long message. A third column, Intel's CPU runtime on the same Xeon (a room with three
// devices), repeats the Xeon's figures: made up for the layout, not measured.
std::vector<Run> roomRuns()
{
    using nlohmann::json;
    const hoc::tools::DeviceInfo xeon{0, "cpu-skylakex-avx512-Intel(R) Xeon(R) Platinum 8480+", "CPU",
                                      "Portable Computing Language"};
    const hoc::tools::DeviceInfo h100{1, "NVIDIA H100 80GB HBM3", "GPU", "NVIDIA CUDA"};
    const hoc::tools::DeviceInfo intel{2, "Intel(R) Xeon(R) Platinum 8480+", "CPU", "Intel(R) OpenCL"};
    const std::string mm = "M = N = K = 1024";
    const double flops = 2147483648.0, naive = 8589934592.0;
    struct Line {
        std::string folder, program, name, size;
        double cpu, gpu;  // 0: not on that device
        std::string unit;
        json extra;
    };
    const std::vector<Line> lines = {
        {"Roofline", "hoc-roofline", "read (peak bandwidth), 524288 work-items x 16 float16", "", 111.8, 3033, "GB/s",
         json{{"bytes", 1e10}}},
        {"Roofline", "hoc-roofline", "fused multiply-add (peak FP32), 270336 work-items x 64 chains x 4096 steps", "",
         1197916, 65844843, "MFLOPS", json{{"flops", 1e12}, {"bytes", 4096}}},
        {"Exercise01_Vadd", "vadd", "C = A + B", "N = 16777216", 16.55, 1083, "GB/s",
         json{{"bytes", 201326592}, {"flops", 16777216}}},
        {"Exercise04_MatmulKernel", "matmul_kernel", "C(i,j) per work-item, all global", mm, 6260, 4885619, "MFLOPS",
         json{{"flops", flops}, {"bytes", naive}}},
        {"Exercise05_MatmulHost", "matmul_host", "C(i,j) per work-item, all global", mm, 6056, 4901677, "MFLOPS",
         json{{"flops", flops}, {"bytes", naive}}},
        {"Exercise08_MatmulLocalColumn", "matmul_local_column", "C row per work-item, A private, B local", mm, 12131,
         51511, "MFLOPS", json{{"flops", flops}, {"bytes", naive * 4}}},
        {"Exercise09_MatmulBlocked", "matmul_table", "Sequential C (not OpenCL)", mm, 379.4, 349.7, "MFLOPS",
         json{{"flops", flops}}},
        {"Exercise09_MatmulBlocked", "matmul_table", "C(i,j) per work-item, A and B as images", mm, 675.7, 1934809,
         "MFLOPS", json{{"flops", flops}, {"bytes", naive / 2.6}}},
        {"Exercise09b_Competition", "sgemm", "C = A * B (sgemm_panel)", mm, 1029356, 31865557, "MFLOPS",
         json{{"flops", flops}, {"bytes", naive / 64}}},
        {"Exercise09b_Competition", "sgemm_benchmark", "OpenBLAS", mm, 495.0, 0, "GFLOPS",
         json{{"vendor_blas_mflops", 495000.0}}},
        {"Exercise09b_Competition", "sgemm_benchmark", "cuBLAS", mm, 0, 37221, "GFLOPS",
         json{{"vendor_blas_mflops", 37221000.0}}},
        {"Exercise10_Pi", "pi", "tree design (compensated sums, tree in local memory)", "2^30 steps", 9566807847,
         2464700455414, "steps/s", json{{"flops", 4 * 1073741824.0}}},
        {"Exercise12_MemoryObjects", "memory_objects", "C = A + B with CL_MEM_USE_HOST_PTR", "N = 16777216", 48.65,
         10.86, "GB/s (round trip)", nullptr},
        {"Exercise12_MemoryObjects", "memory_objects",
         "A in the buffer when the host waits for the write's event, then the vector dies", "N = 16777216", -1, -1, "",
         nullptr},
        {"Exercise15_MultipleDevices", "multi_device", "C = A * B split over 2 devices", mm, 0, 4012345, "MFLOPS",
         json{{"flops", flops}, {"devices", 2}}},
    };
    std::vector<Run> runs;
    for (const auto* device : {&xeon, &h100, &intel})
        for (const auto& line : lines) {
            const double rate = device == &h100 ? line.gpu : line.cpu;
            if (rate == 0)
                continue;
            // The time that gives the rate (the roofline places a result by flops or bytes over seconds).
            double seconds = 0.01;
            if (line.extra.is_object() && rate > 0) {
                if (line.unit == "MFLOPS" && line.extra.contains("flops"))
                    seconds = line.extra["flops"].get<double>() / (rate * 1e6);
                else if (line.unit == "GB/s" && line.extra.contains("bytes"))
                    seconds = line.extra["bytes"].get<double>() / (rate * 1e9);
            }
            const json result = hoc::test::resultJson(line.name, line.size, true, seconds, std::max(rate, 0.0),
                                                      line.unit, line.extra);
            if (!runs.empty() && runs.back().program == line.program && runs.back().device.sameAs(*device))
                runs.back().doc["results"].push_back(result);
            else
                runs.push_back(hoc::test::run(line.folder, line.program, *device, {result}));
        }
    runs.push_back(hoc::test::failedRun(
        "Exercise19_Overlap", "overlap", xeon,
        "exit 3: error: clEnqueueNDRangeKernel failed: CL_OUT_OF_RESOURCES (-5) while enqueueing the third chunk of "
        "the pipeline (--chunks 8, --size 67108864): the device could not hold the buffers of both queues"));
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
    return {kChromium.string(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--user-data-dir=" + (dir / "profile").string(),
            "--virtual-time-budget=10000",
            "--window-size=1400,2600"};
}

// Writes `table` as results.html in a fresh folder `name` of the build folder, opens it in headless
// Chromium and returns the page's DOM after its scripts ran ("" after a failed assertion).
// `measure`, when given, is a script added at the end of the page (the test's own measurements).
std::string openInChromium(const std::string& name, const Table& table, const std::string& script,
                           const std::string& measure = "")
{
    const fs::path dir = fs::path(HOC_BINARY_DIR) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        std::string page = html(table, {{"seconds", 12.5}, {"command", {"hoc-runner", "--device", "all"}}}, script);
        if (!measure.empty())
            page.insert(page.rfind("</body>"), "<script>" + measure + "</script>\n");
        std::ofstream(dir / "results.html") << page;
    }
    auto args = chromiumArgs(dir);
    args.insert(args.end(), {"--dump-dom", "file://" + fs::absolute(dir / "results.html").string()});
    const auto dumped = runProcess(args, (dir / "dom.html").string(), 120);
    EXPECT_TRUE(dumped.succeeded()) << dumped.describe() << "\n" << readText(dir / "dom.html");
    return dumped.succeeded() ? readText(dir / "dom.html") : "";
}

// A screenshot of `dir`/results.html as `dir`/results.png, for a person to look at.
void screenshot(const fs::path& dir)
{
    auto args = chromiumArgs(dir);
    args.insert(args.end(), {"--screenshot=" + (dir / "results.png").string(),
                             "file://" + fs::absolute(dir / "results.html").string()});
    const auto shot = runProcess(args, (dir / "screenshot.log").string(), 120);
    EXPECT_TRUE(shot.succeeded()) << shot.describe() << "\n" << readText(dir / "screenshot.log");
}

}  // namespace

TEST(Page, ProgressionShowsTheLadderOncePerDevice)
{
    const Table table = buildTable(pageRuns());
    const auto data = progressionData(table);
    // Exercise 04's and 08's variants, in course order (course.json's "matmul_progression"); not
    // matmul_table's repeat, not a folder the course does not have (Exercise10_Competition here), not
    // the split.
    ASSERT_EQ(data["variants"].size(), 2u) << data.dump();
    EXPECT_EQ(data["variants"][0]["name"], "C = A * B, one element per work-item");
    EXPECT_EQ(data["variants"][0]["exercise"], "04");
    EXPECT_EQ(data["variants"][1]["name"], "tiles | <local> & \"16\"");  // the full name
    ASSERT_EQ(data["series"].size(), 2u);                                // one per device
    EXPECT_EQ(data["series"][0]["device"], "dev 0 (CPU)");
    EXPECT_DOUBLE_EQ(data["series"][1]["values"][0].get<double>(), 21.47483648);  // GFLOP/s
    EXPECT_TRUE(data["series"][1]["values"][1].is_null());                        // failed on the GPU
    ASSERT_EQ(data["blas"].size(), 1u);                                           // measured on the GPU only
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
            if (cell.roof && cell.roof->fraction > 1) {  // braces: EXPECT_FALSE expands to an if-else
                EXPECT_FALSE(cell.note.empty()) << row.variant();
            }
    const std::string md = markdown(table);
    EXPECT_NE(md.find("(!)"), std::string::npos);
    // The notes are listed once below the table, numbered; the table's rows carry the numbers.
    const auto notes = md.find("\nNotes:\n- [1] ");
    ASSERT_NE(notes, std::string::npos) << md;
    EXPECT_NE(md.find("caches serve again", notes), std::string::npos);
    EXPECT_EQ(md.substr(0, notes).find("caches serve again"), std::string::npos) << "a note inside the table";
    EXPECT_NE(md.substr(0, notes).find(" [2] |"), std::string::npos) << md;
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
    if (script.empty())
        GTEST_SKIP() << "Chart.js is not installed (Debian's libjs-chart.js: script/bootstrap instructor)";
    if (!fs::exists(kChromium))
        GTEST_SKIP() << "Chromium is not installed (Debian's chromium: script/bootstrap ci)";
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
    screenshot(dir);
    EXPECT_GT(fs::file_size(dir / "results.png"), 50000u);  // a page of text and two charts, not a blank one
}

// The instructor's page reads at a glance. On a room's run (roomRuns) in a window 1400 px
// wide: the results table and the page fit the width (nothing runs off the right edge: notes are
// footnotes below the table), and every rate is in the unit scaled to its size with 3-4 significant
// digits (66.53 TFLOP/s, not 66534250 MFLOPS). A screenshot is left in the build folder
// (test_tools_page_room/results.png) for a person to look at.
TEST(Page, RoomRunFitsA1400PixelWindowWithScaledUnits)
{
    if (!fs::exists(kChromium))
        GTEST_SKIP() << "Chromium is not installed (Debian's chromium: script/bootstrap ci)";
    const Table table = buildTable(roomRuns());
    // After the page's scripts ran: the window's width, the page's and the table's right edge.
    const std::string measure =
        "window.addEventListener('load', function () { var e = document.documentElement;\n"
        "  e.setAttribute('data-window', window.innerWidth);\n"
        "  e.setAttribute('data-client-width', e.clientWidth);\n"
        "  e.setAttribute('data-page-width', e.scrollWidth);\n"
        "  e.setAttribute('data-table-right', Math.ceil(document.getElementById('results-table')"
        ".getBoundingClientRect().right)); });";
    const std::string dom = openInChromium("test_tools_page_room", table, chartJs(), measure);
    ASSERT_FALSE(dom.empty());
    EXPECT_EQ(attribute(dom, "html", "data-errors"), "") << "the page's scripts reported errors";
    const std::string window = attribute(dom, "html", "data-window");
    ASSERT_EQ(window, "1400") << "the window is not 1400 px wide";
    // The width left of the vertical scroll bar.
    const int width = std::stoi(attribute(dom, "html", "data-client-width"));
    EXPECT_GT(width, 1300);
    EXPECT_LE(std::stoi(attribute(dom, "html", "data-table-right")), width) << "the table runs off the right edge";
    EXPECT_LE(std::stoi(attribute(dom, "html", "data-page-width")), width) << "the page scrolls sideways";

    // The rate cells (a number and its unit): every rate a mantissa of 3-4 significant digits below
    // 1000 and a scaled unit.
    const auto start = dom.find("<table id=\"results-table\">"), end = dom.find("</table>", start);
    ASSERT_NE(start, std::string::npos);
    const std::string tableDom = dom.substr(start, end - start);
    const std::regex numberCell("<td class=\"num[^\"]*\"[^>]*>([\\s\\S]*?)</td>");
    std::string text;
    for (auto it = std::sregex_iterator(tableDom.begin(), tableDom.end(), numberCell); it != std::sregex_iterator();
         ++it)
        if ((*it)[1].str().find("class=\"unit\"") != std::string::npos)
            text += std::regex_replace((*it)[1].str(), std::regex("<[^>]*>"), "") + "\n";
    EXPECT_FALSE(std::regex_search(text, std::regex("[0-9]{5}"))) << "a number of 5 digits or more:\n" << text;
    EXPECT_EQ(text.find("MFLOPS"), std::string::npos) << text;
    const std::regex rate("([0-9]+)\\.([0-9]+) +([kMGTP]?)(FLOP/s|B/s|steps/s)");
    std::size_t rates = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), rate); it != std::sregex_iterator(); ++it) {
        ++rates;
        const std::string whole = (*it)[1], fraction = (*it)[2];
        EXPECT_LE(whole.size(), 3u) << it->str();
        EXPECT_EQ(whole.size() + fraction.size(), 4u) << it->str();
    }
    EXPECT_EQ(rates, 37u);  // 11 rows with a rate on all 3 devices, 1 on the two CPUs, 2 on the GPU only
    for (const char* shown : {"65.84 TFLOP/s", "4.886 TFLOP/s", "379.4 MFLOP/s", "3.033 TB/s", "111.8 GB/s",
                              "2.465 Tsteps/s", "37.22 TFLOP/s", "10.86 GB/s (round trip)"})
        EXPECT_NE(text.find(shown), std::string::npos) << shown << " not in the table: " << text;
    // The notes: a number in the table, the text once below it.
    EXPECT_NE(dom.find("<ol class=\"notes\" id=\"notes\">"), std::string::npos);
    const std::string note = "above the bandwidth roof: caches serve again";
    EXPECT_EQ(std::regex_replace(tableDom, std::regex("<[^>]*>"), "").find(note), std::string::npos)
        << "a note's text inside the table";
    const auto first = dom.find(note, end);
    EXPECT_NE(first, std::string::npos);

    screenshot(fs::path(HOC_BINARY_DIR) / "test_tools_page_room");
}

// A crowded roofline like a real room's (two devices, 60 results, many at one intensity, some
// measured twice by two programs at exactly the same rate): every result still gets its number,
// and no number is drawn over another number or a point.
TEST(Page, CrowdedRooflineNumbersDoNotOverlap)
{
    const std::string script = chartJs();
    if (script.empty())
        GTEST_SKIP() << "Chart.js is not installed (Debian's libjs-chart.js: script/bootstrap instructor)";
    if (!fs::exists(kChromium))
        GTEST_SKIP() << "Chromium is not installed (Debian's chromium: script/bootstrap ci)";
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

namespace {

// What would run if a text became markup: it marks the page (<html data-pwned>), which the test reads.
const std::string kMark = "document.documentElement.dataset.pwned=1";

// A hostile text for the field `field`: it tries every way out of the place it is put in (a single-
// and a double-quoted attribute with an event handler that runs with no click, an element, the end
// of the chart data's <script> and the "<!--<script>" that hides that end), and says which field it is.
std::string hostile(const std::string& field)
{
    return field + ": x' tabindex=0 autofocus onfocus='" + kMark + "' y='" + " x\" tabindex=0 autofocus onfocus=\"" +
           kMark + "\" y=\" <img src=x onerror=" + kMark + "> </script><script>" + kMark +
           "</script> <!--<script> & &amp; end";
}

// A run in which every text that reaches the page is hostile: the device's name, type and platform;
// the exercise folder, the program, each result's name, size, detail and unit; a failed program's
// message (a runner's parse error of a program's JSON, quoting what it read); what results.json says
// of the run (the command, the start, each run's exercise, program and problem).
struct HostileRun {
    std::vector<Run> runs;
    nlohmann::json run;
    std::vector<std::string> texts;  // every hostile text, each to be shown as it is
};

HostileRun hostileRun()
{
    using nlohmann::json;
    HostileRun h;
    const auto text = [&h](const std::string& field) { return h.texts.emplace_back(hostile(field)); };
    const DeviceInfo device{2, text("device name"), text("device type"), text("platform")};
    const double flops = 2147483648.0;
    // The probe's roofs, so that the roofline chart and its list of points are drawn too.
    h.runs.push_back(hoc::test::run(
        kProbeExercise, "hoc-roofline", device,
        {hoc::test::resultJson("read", "N = 64", true, 0.1, 20, "GB/s", json{{"bytes", 2e9}}),
         hoc::test::resultJson("fma", "x", true, 0.1, 200000, "MFLOPS", json{{"flops", 2e10}, {"bytes", 4096}})}));
    json matmul = hoc::test::resultJson(text("result name"), text("size"), true, 1, flops / 1e6, "MFLOPS",
                                        json{{"flops", flops}, {"bytes", flops}});
    matmul["detail"] = text("detail");
    h.runs.push_back(hoc::test::run("Exercise04_MatmulKernel", text("program"), device, {matmul}));
    h.runs.push_back(hoc::test::run(text("exercise folder"), "p", device,
                                    {hoc::test::resultJson("r", "s", false, 1, 5, text("unit"))}));
    h.runs.push_back(hoc::test::failedRun(
        "Exercise05_MatmulHost", "matmul_host", device,
        "exit 0, unreadable results file x.json: [json.exception.parse_error.101] parse error at line 1, column 1: "
        "syntax error while parsing value - invalid literal; last read: '" +
            text("a program's JSON error") + "'"));
    h.run = {{"command", {"hoc-runner", text("command")}},
             {"started", text("started")},
             {"seconds", 1.5},
             {"runs",
              {{{"exercise", text("runs: exercise")},
                {"program", text("runs: program")},
                {"device", 2},
                {"seconds", 1.0},
                {"finished", false},
                {"problem", text("runs: problem")}}}}};
    return h;
}

// Base64 of `text`, for the test's own script (it cannot be mistaken for markup).
std::string base64(const std::string& text)
{
    static const char* const kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < text.size(); i += 3) {
        const unsigned n = (static_cast<unsigned char>(text[i]) << 16) |
                           (i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) << 8 : 0) |
                           (i + 2 < text.size() ? static_cast<unsigned char>(text[i + 2]) : 0);
        out += kDigits[(n >> 18) & 63];
        out += kDigits[(n >> 12) & 63];
        out += i + 1 < text.size() ? kDigits[(n >> 6) & 63] : '=';
        out += i + 2 < text.size() ? kDigits[n & 63] : '=';
    }
    return out;
}

}  // namespace

// Hostile text in every field that reaches the page (hostileRun) runs nothing: Chromium's HTML5
// parser builds the page with no event handler, no autofocus and no element but the page's own
// scripts, the charts are drawn from the chart data (which JSON.parse reads back exactly), and
// every hostile text is shown as it is, in an element's text or an attribute's value.
TEST(Page, HostileTextInEveryFieldRunsNothing)
{
    const std::string script = chartJs();
    if (script.empty())
        GTEST_SKIP() << "Chart.js is not installed (Debian's libjs-chart.js: script/bootstrap instructor)";
    if (!fs::exists(kChromium))
        GTEST_SKIP() << "Chromium is not installed (Debian's chromium: script/bootstrap ci)";
    const HostileRun h = hostileRun();
    // After the page's scripts ran: what the parser made of it, read from the DOM.
    const std::string measure =
        "window.addEventListener('load', function () { var e = document.documentElement;\n"
        "  var texts = JSON.parse(atob('" +
        base64(nlohmann::json(h.texts).dump()) +
        "'));\n"
        "  var all = document.querySelectorAll('*'), handlers = [], shown = '';\n"
        "  Array.prototype.forEach.call(all, function (el) {\n"
        "    if (el.tagName === 'SCRIPT') return;\n"
        "    Array.prototype.forEach.call(el.attributes, function (a) {\n"
        "      if (/^on|^autofocus$|^src$|^tabindex$/.test(a.name)) handlers.push(el.tagName + ' ' + a.name);\n"
        "      shown += a.value + '\\n'; });\n"
        "    if (!el.querySelector('script')) shown += el.textContent + '\\n'; });\n"
        "  var data = JSON.parse(document.getElementById('chart-data').textContent), parsed = JSON.stringify(data);\n"
        "  e.setAttribute('data-handlers', handlers.join(', ') || 'none');\n"
        "  e.setAttribute('data-scripts', document.getElementsByTagName('script').length);\n"
        "  e.setAttribute('data-not-shown', texts.filter(function (t) { return shown.indexOf(t) < 0; }).length);\n"
        "  e.setAttribute('data-in-chart-data', texts.filter(function (t) {\n"
        "    return parsed.indexOf(JSON.stringify(t).slice(1, -1)) >= 0; }).length); });";
    const fs::path dir = fs::path(HOC_BINARY_DIR) / "test_tools_page_hostile";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::string page = html(buildTable(h.runs), h.run, script);
    page.insert(page.rfind("</body>"), "<script>" + measure + "</script>\n");
    std::ofstream(dir / "results.html") << page;
    auto args = chromiumArgs(dir);
    args.insert(args.end(), {"--dump-dom", "file://" + fs::absolute(dir / "results.html").string()});
    const auto dumped = runProcess(args, (dir / "dom.html").string(), 120);
    ASSERT_TRUE(dumped.succeeded()) << dumped.describe() << "\n" << readText(dir / "dom.html");
    const std::string dom = readText(dir / "dom.html");

    EXPECT_EQ(attribute(dom, "html", "data-pwned"), "") << "a hostile text ran as script";
    EXPECT_EQ(attribute(dom, "html", "data-handlers"), "none") << "a hostile text became an attribute";
    // The page's own: the error catcher, the chart data, Chart.js, the charts, the test's.
    EXPECT_EQ(attribute(dom, "html", "data-scripts"), "5") << "a hostile text became a script element";
    EXPECT_EQ(attribute(dom, "html", "data-errors"), "") << "the page's scripts reported errors";
    EXPECT_NE(dom.find("<p id=\"charts-status\">drawn</p>"), std::string::npos) << "the charts were not drawn";
    EXPECT_EQ(attribute(dom, "html", "data-not-shown"), "0") << "a hostile text is not shown as it is";
    // The device's type (its label), the result's name and size and the program reach the chart data.
    EXPECT_EQ(attribute(dom, "html", "data-in-chart-data"), "4");
}

// The same hostile run made into a page by hoc-results from results files.
TEST(Page, HocResultsPageOfHostileFilesRunsNothing)
{
    if (!fs::exists(kChromium))
        GTEST_SKIP() << "Chromium is not installed (Debian's chromium: script/bootstrap ci)";
    const fs::path dir = fs::path(HOC_BINARY_DIR) / "test_tools_page_hostile_files";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::vector<std::string> args = {std::string(HOC_TOOLS_DIR) + "/hoc-results", "--html",
                                     (dir / "results.html").string()};
    int n = 0;
    for (auto run : hostileRun().runs) {
        if (!run.finished)
            continue;
        run.doc["device"] = {{"name", run.device.name}, {"type", run.device.type}, {"platform", run.device.platform}};
        const fs::path file = dir / ("run" + std::to_string(++n) + ".json");
        std::ofstream(file) << run.doc.dump();
        args.push_back(file.string());
    }
    // Not JSON: hoc-results quotes the parser's message, and with it what it read.
    std::ofstream(dir / "broken.json") << hostile("broken file");
    args.push_back((dir / "broken.json").string());
    const auto made = runProcess(args, (dir / "log").string(), 60);
    EXPECT_EQ(made.exitCode, 1) << made.describe() << readText(dir / "log");  // a wrong result, a broken file
    auto chromium = chromiumArgs(dir);
    chromium.insert(chromium.end(), {"--dump-dom", "file://" + fs::absolute(dir / "results.html").string()});
    const auto dumped = runProcess(chromium, (dir / "dom.html").string(), 120);
    ASSERT_TRUE(dumped.succeeded()) << dumped.describe();
    const std::string dom = readText(dir / "dom.html");
    EXPECT_EQ(attribute(dom, "html", "data-pwned"), "") << "a hostile text ran as script";
    EXPECT_EQ(attribute(dom, "html", "data-errors"), "") << "the page's scripts reported errors";
    EXPECT_NE(dom.find("<p id=\"charts-status\">drawn</p>"), std::string::npos) << "the charts were not drawn";
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
    // A stand-in for Chart.js with what the check asks of a build (banner, the global Chart, the
    // charts and scale the page draws) and a build's size.
    std::string standIn = "/*!\n * Chart.js v3.9.1 (a stand-in for Chart.js)\n */\n"
                          "(function (g, f) { g.Chart = f(); })(this, function () {\n"
                          "  /* LineController ScatterController LogarithmicScale */ });\n";
    standIn.resize(kMinChartJsBytes + 1, ' ');
    std::ofstream(dir / "chart.js") << standIn;
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
    EXPECT_NE(page.find("v3.9.1 (a stand-in for Chart.js)"), std::string::npos);  // inlined, not linked
    EXPECT_NE(page.find("Made from " + std::to_string(n) + " result files"), std::string::npos);

    std::ofstream(dir / "notes.txt") << "an instructor's notes";
    args[2] = (dir / "notes.txt").string();
    const auto refused = runProcess(args, (dir / "log").string(), 60);
    EXPECT_EQ(refused.exitCode, 2) << refused.describe();
    EXPECT_EQ(readText(dir / "notes.txt"), "an instructor's notes");
    EXPECT_NE(readText(dir / "log").find("not a file this program writes"), std::string::npos);

    // --chartjs must be a build of Chart.js; anything else is refused before the page is written.
    std::ofstream(dir / "passwd") << "root:x:0:0:root:/root:/bin/bash\n";
    args[2] = (dir / "results.html").string();
    args[4] = (dir / "passwd").string();
    fs::remove(dir / "results.html");
    const auto notChartJs = runProcess(args, (dir / "log").string(), 60);
    EXPECT_EQ(notChartJs.exitCode, 2) << notChartJs.describe();
    EXPECT_NE(readText(dir / "log").find("is not a build of Chart.js"), std::string::npos) << readText(dir / "log");
    EXPECT_FALSE(fs::exists(dir / "results.html"));
}
