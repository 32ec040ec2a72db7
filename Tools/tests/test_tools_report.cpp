// The results table and its writers: Markdown (rounded for people), CSV and JSON (full precision),
// each read back and compared with the numbers the programs reported.
#include <csv.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "hoc/tools/process.hpp"
#include "hoc/tools/results.hpp"
#include "hoc/tools/writers.hpp"
#include "hoc_test.hpp"
#include "tools_fixture.hpp"

using hoc::tools::Cell;
using hoc::tools::Table;

namespace fs = std::filesystem;

namespace {

const Table& table()
{
    static const Table t = hoc::tools::buildTable(hoc::test::sampleRuns());
    return t;
}

const hoc::tools::Row& row(const Table& t, const std::string& folder)
{
    for (const auto& r : t.rows)
        if (r.folder == folder)
            return r;
    throw std::runtime_error("no row " + folder);
}

const hoc::tools::Row& row(const Table& t, const std::string& folder, const std::string& name)
{
    for (const auto& r : t.rows)
        if (r.folder == folder && r.name == name)
            return r;
    throw std::runtime_error("no row " + folder + " " + name);
}

// Records of a CSV text, parsed by libcsv in strict mode.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    struct State {
        std::vector<std::vector<std::string>> records;
        std::vector<std::string> fields;
    } state;
    csv_parser parser;
    csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI);
    auto field = [](void* data, size_t size, void* s) {
        static_cast<State*>(s)->fields.emplace_back(static_cast<const char*>(data), size);
    };
    auto record = [](int, void* s) {
        auto* st = static_cast<State*>(s);
        st->records.push_back(std::move(st->fields));
        st->fields.clear();
    };
    const std::size_t used = csv_parse(&parser, text.data(), text.size(), field, record, &state);
    EXPECT_EQ(used, text.size()) << csv_strerror(csv_error(&parser));
    EXPECT_EQ(csv_fini(&parser, field, record, &state), 0);
    csv_free(&parser);
    return state.records;
}

// Splits a Markdown table line at the '|' that are not escaped, and removes the escapes.
std::vector<std::string> markdownCells(const std::string& line)
{
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && std::ispunct(static_cast<unsigned char>(line[i + 1]))) {
            cell += line[i + 1];
            ++i;
        } else if (line[i] == '|') {
            const auto first = cell.find_first_not_of(' '), last = cell.find_last_not_of(' ');
            cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
            cell.clear();
        } else {
            cell += line[i];
        }
    }
    return cells;
}

// One unit printed (" 21.47 GFLOP/s" after the number) in the unit the program reported: 1e3 for
// GFLOP/s against MFLOPS; 0 when the two are not the same quantity.
double inReportedUnit(const std::string& printed, const std::string& reported)
{
    const std::map<std::string, std::pair<std::string, double>> units = {
        {"MFLOPS", {"FLOP/s", 1e6}}, {"GB/s", {"B/s", 1e9}}, {"steps/s", {"steps/s", 1}}};
    const std::map<char, double> prefixes = {{'k', 1e3}, {'M', 1e6}, {'G', 1e9}, {'T', 1e12}, {'P', 1e15}};
    const auto it = units.find(reported);
    if (it == units.end() || printed.size() < 2 || printed[0] != ' ')
        return 0;
    const std::string unit = printed.substr(1);
    if (unit == it->second.first)
        return 1 / it->second.second;
    const auto prefix = prefixes.find(unit[0]);
    if (prefix == prefixes.end() || unit.substr(1) != it->second.first)
        return 0;
    return prefix->second / it->second.second;
}

}  // namespace

TEST(ResultsTable, RowsInCourseOrderWithOneColumnPerDevice)
{
    const Table& t = table();
    ASSERT_EQ(t.columns.size(), 2u);
    EXPECT_EQ(t.columns[0].device.label(), "dev 0 (CPU)");
    EXPECT_EQ(t.columns[1].device.label(), "dev 1 (GPU)");
    std::vector<std::string> folders;
    for (const auto& r : t.rows)
        folders.push_back(r.folder);
    const std::vector<std::string> expected = {"Roofline",
                                               "Roofline",
                                               "Exercise01_Vadd",
                                               "Exercise04_MatmulKernel",
                                               "Exercise08_MatmulLocalColumn",
                                               "Exercise10_Competition",
                                               "Exercise11_Pi"};
    EXPECT_EQ(folders, expected);
    for (const auto& r : t.rows)
        EXPECT_EQ(r.cells.size(), 2u);
}

TEST(ResultsTable, FailuresAreReportedAndTheOthersKept)
{
    const Table& t = table();
    EXPECT_FALSE(t.allGood());
    ASSERT_EQ(t.failures.size(), 2u);
    EXPECT_NE(t.failures[0].find("Exercise08_MatmulLocalColumn matmul_tiled on dev 1 (GPU): exit 3"),
              std::string::npos);
    EXPECT_NE(t.failures[1].find("Exercise11_Pi pi on dev 0 (CPU): killed by signal 11"), std::string::npos);
    const auto& tiled = row(t, "Exercise08_MatmulLocalColumn");
    EXPECT_EQ(tiled.cells[0].status, Cell::Status::Correct);
    EXPECT_EQ(tiled.cells[1].status, Cell::Status::Failed);
    // pi failed on the CPU before the GPU ran it: one row, not a place-holder as well.
    const auto& pi = row(t, "Exercise11_Pi");
    EXPECT_EQ(pi.name, "pi");
    EXPECT_EQ(pi.cells[0].status, Cell::Status::Failed);
    EXPECT_EQ(pi.cells[1].status, Cell::Status::Correct);
    EXPECT_EQ(row(t, "Exercise04_MatmulKernel").cells[0].status, Cell::Status::Wrong);
}

TEST(ResultsTable, AProgramWithNoResultsAnywhereKeepsItsPlace)
{
    using hoc::test::cpu;
    const Table t = hoc::tools::buildTable(
        {hoc::test::run("A", "a", cpu(), {hoc::test::resultJson("x", "", true, 1, 1, "GB/s")}),
         hoc::test::failedRun("B", "b", cpu(), "exit 3: error: no"),
         hoc::test::run("C", "c", cpu(), {hoc::test::resultJson("y", "", true, 1, 1, "GB/s")})});
    ASSERT_EQ(t.rows.size(), 3u);
    EXPECT_EQ(t.rows[1].folder, "B");
    EXPECT_EQ(t.rows[1].name, "(no results)");
    EXPECT_EQ(t.rows[1].cells[0].status, Cell::Status::Failed);
    EXPECT_EQ(t.rows[1].cells[0].detail, "exit 3: error: no");
}

TEST(ResultsTable, VendorBlasComparesResultsOfTheSameSizeOnTheSameDevice)
{
    const Table& t = table();
    const double blas = 2147483.648;
    const auto& naive = row(t, "Exercise04_MatmulKernel");
    ASSERT_TRUE(naive.cells[1].blasFraction);
    EXPECT_DOUBLE_EQ(*naive.cells[1].blasMflops, blas);
    EXPECT_DOUBLE_EQ(*naive.cells[1].blasFraction, 21474.83648 / blas);  // 1%
    EXPECT_DOUBLE_EQ(*row(t, "Exercise10_Competition").cells[1].blasFraction, 0.25);
    EXPECT_FALSE(naive.cells[0].blasFraction);                      // no BLAS measured on the CPU
    EXPECT_FALSE(row(t, "Exercise01_Vadd").cells[1].blasFraction);  // GB/s, and another size
}

// A result faster than the BLAS library (a competition entry can be, and a BLAS library left on a
// generic core is slow) is shown above 100% with a note that says so; one below 100% has none.
TEST(ResultsTable, FasterThanBlasIsNoted)
{
    using hoc::test::cpu;
    using nlohmann::json;
    const std::string size = "M = N = K = 1024";
    const Table t = hoc::tools::buildTable(
        {hoc::test::run(
             "Exercise09b_Competition", "sgemm_benchmark", cpu(),
             {hoc::test::resultJson("ours", size, true, 1, 1000, "GFLOPS", json{{"vendor_blas_mflops", 200000.0}})}),
         hoc::test::run("Exercise09b_Competition", "sgemm", cpu(),
                        {hoc::test::resultJson("fast", size, true, 1, 1000000, "MFLOPS")}),
         hoc::test::run("Exercise04_MatmulKernel", "matmul", cpu(),
                        {hoc::test::resultJson("slow", size, true, 1, 2000, "MFLOPS")})});
    const auto& fast = row(t, "Exercise09b_Competition", "fast").cells[0];
    ASSERT_TRUE(fast.blasFraction);
    EXPECT_DOUBLE_EQ(*fast.blasFraction, 5.0);
    EXPECT_NE(fast.blasNote.find("faster than the fastest BLAS library"), std::string::npos);
    EXPECT_TRUE(row(t, "Exercise04_MatmulKernel").cells[0].blasNote.empty());
    const std::string md = hoc::tools::markdown(t);
    EXPECT_NE(md.find("| 500% (!) |"), std::string::npos) << md;
    EXPECT_NE(md.find("(!) dev 0 (CPU): faster than the fastest BLAS library"), std::string::npos) << md;
}

TEST(ResultsTable, AllGoodWhenEveryProgramFinishedCorrectly)
{
    using hoc::test::cpu;
    const Table t = hoc::tools::buildTable(
        {hoc::test::run("A", "a", cpu(), {hoc::test::resultJson("x", "", true, 1, 1, "GB/s")}),
         hoc::test::run("Exercise00_DeviceInfo", "device_info", cpu(), {})});  // measures nothing
    EXPECT_TRUE(t.allGood());
    ASSERT_EQ(t.rows.size(), 2u);
    EXPECT_EQ(t.rows[1].name, "(nothing measured)");
    EXPECT_EQ(t.rows[1].cells[0].status, Cell::Status::Correct);
}

TEST(Format, NumbersAndPercentages)
{
    EXPECT_EQ(hoc::tools::formatNumber(1234567.8), "1234568");
    EXPECT_EQ(hoc::tools::formatNumber(123.456), "123.5");
    EXPECT_EQ(hoc::tools::formatNumber(12.3456), "12.35");
    EXPECT_EQ(hoc::tools::formatNumber(0.0123456), "0.0123");
    EXPECT_EQ(hoc::tools::formatPercent(0.456), "46%");
    EXPECT_EQ(hoc::tools::formatPercent(0.0456), "4.6%");
    EXPECT_EQ(hoc::tools::formatPercent(0.00456), "0.46%");
    for (double v : {0.1, 1.0 / 3, 2147.483648, 1e-300, 6.02214076e23})
        EXPECT_EQ(std::stod(hoc::tools::exactNumber(v)), v);
}

// Rates in the unit scaled to their size, 4 significant digits (the H100's 66534250
// MFLOPS and 4899888 MFLOPS of the instructor's table read 66.53 and 4.900 TFLOP/s).
TEST(Format, RatesInUnitsScaledToTheirSize)
{
    const auto text = [](double rate, const std::string& unit) { return hoc::tools::scaleRate(rate, unit).text(); };
    EXPECT_EQ(text(66534250, "MFLOPS"), "66.53 TFLOP/s");
    EXPECT_EQ(text(4899888, "MFLOPS"), "4.900 TFLOP/s");
    EXPECT_EQ(text(2147.483648, "MFLOPS"), "2.147 GFLOP/s");
    EXPECT_EQ(text(379.4, "MFLOPS"), "379.4 MFLOP/s");
    EXPECT_EQ(text(0.5, "MFLOPS"), "500.0 kFLOP/s");
    EXPECT_EQ(text(999.96, "MFLOPS"), "1.000 GFLOP/s");  // rounds up into the next unit, not "1000.0 MFLOP/s"
    EXPECT_EQ(text(2752, "GB/s"), "2.752 TB/s");
    EXPECT_EQ(text(150, "GB/s"), "150.0 GB/s");
    EXPECT_EQ(text(0.25, "GB/s"), "250.0 MB/s");
    EXPECT_EQ(text(3e6, "steps/s"), "3.000 Msteps/s");
    EXPECT_EQ(text(2464700455414, "steps/s"), "2.465 Tsteps/s");
    EXPECT_EQ(text(37221, "GFLOPS"), "37.22 TFLOP/s");
    EXPECT_EQ(text(1.68, "GB/s (round trip)"), "1.680 GB/s (round trip)");
    EXPECT_EQ(text(0.5, "steps/s"), "0.5 steps/s");
    EXPECT_EQ(text(12.5, "widgets/s"), "12.50 widgets/s");  // a unit it does not know stays
    EXPECT_EQ(text(0, "MFLOPS"), "0 MFLOPS");
    // Every known unit over 9 decades: 3 or 4 significant digits and a mantissa below 1000.
    for (const char* unit : {"MFLOPS", "GB/s", "steps/s"})
        for (double rate = 1.234567; rate < 1e9; rate *= 10) {
            const auto scaled = hoc::tools::scaleRate(rate, unit);
            const double m = std::stod(scaled.number);
            EXPECT_TRUE(m >= 1 && m < 1000) << scaled.text();
            std::string digits = scaled.number;
            digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
            EXPECT_EQ(digits.size(), 4u) << scaled.text();
        }
}

TEST(Markdown, TableReadsBackToTheReportedNumbers)
{
    const Table& t = table();
    const std::string md = hoc::tools::markdown(t);
    std::istringstream in(md);
    std::vector<std::vector<std::string>> lines;
    for (std::string line; std::getline(in, line) && !line.empty();)
        lines.push_back(markdownCells(line));
    ASSERT_EQ(lines.size(), 2 + t.rows.size());  // header, rule, one line per row
    const std::vector<std::string> header = {"exercise", "variant",     "dev 0 (CPU)", "ok",      "of BLAS",
                                             "of roof",  "dev 1 (GPU)", "ok",          "of BLAS", "of roof"};
    EXPECT_EQ(lines[0], header);
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto& cells = lines[2 + r];
        ASSERT_EQ(cells.size(), header.size()) << md;
        EXPECT_EQ(cells[1], t.rows[r].variant());  // escaped '|' read back
        for (std::size_t c = 0; c < 2; ++c) {
            const Cell& cell = t.rows[r].cells[c];
            const std::string& rate = cells[2 + 4 * c];
            if (cell.present()) {
                // The rate as printed, in its scaled unit with 4 significant digits: read back in the
                // unit reported, within 0.05% of the reported number.
                std::size_t used = 0;
                const double shown = std::stod(rate, &used);
                EXPECT_NEAR(shown * inReportedUnit(rate.substr(used), cell.unit), cell.rate, 0.0005 * cell.rate)
                    << rate;
                EXPECT_EQ(cells[3 + 4 * c], cell.status == Cell::Status::Correct ? "yes" : "NO");
            } else if (cell.status == Cell::Status::Failed) {
                EXPECT_EQ(rate.rfind("failed: ", 0), 0u) << rate;
                EXPECT_EQ(cells[3 + 4 * c], "NO");
            }
            EXPECT_EQ(cells[4 + 4 * c], (cell.blasFraction ? hoc::tools::formatPercent(*cell.blasFraction) : "") +
                                            (cell.blasNote.empty() ? "" : " (!)"));
        }
    }
    // Spot checks against the arithmetic: GPU naive matmul 1% of the BLAS and 57% of its roof.
    const auto& naive = lines[2 + 3];
    EXPECT_EQ(naive[0], "Exercise04_MatmulKernel");
    EXPECT_EQ(naive[6], "21.47 GFLOP/s");
    EXPECT_EQ(naive[8], "1.0%");
    EXPECT_EQ(naive[9], "57%");
    EXPECT_EQ(naive[2], "2.147 GFLOP/s");
    EXPECT_EQ(naive[3], "NO");
    EXPECT_EQ(lines[2 + 4][6], "failed: exit 3");
    EXPECT_EQ(lines[2 + 5][5], "");      // the competition ran on the GPU only
    EXPECT_EQ(lines[2 + 5][9], "54%*");  // flops without bytes: fraction of the FMA peak
    // Below the table: the roofs and the failures.
    EXPECT_NE(md.find("- dev 1 (GPU): Test GPU (Vendor OpenCL); roofs: read 150.0 GB/s, FMA 1.000 TFLOP/s, ridge "
                      "point 6.67 FLOP/byte"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("Failed (2 of 11 runs):"), std::string::npos);
}

TEST(Markdown, NoBlasOrRoofColumnsWhenNothingHasThem)
{
    using hoc::test::cpu;
    const Table t = hoc::tools::buildTable(
        {hoc::test::run("Exercise11_Pi", "pi", cpu(), {hoc::test::resultJson("pi", "", true, 1, 3e6, "steps/s")})});
    const std::string md = hoc::tools::markdown(t);
    EXPECT_EQ(md.substr(0, md.find('\n')), "| exercise | variant | dev 0 (CPU) | ok |");
    EXPECT_NE(md.find("| Exercise11_Pi | pi | 3.000 Msteps/s | yes |"), std::string::npos) << md;
}

TEST(Csv, ReadsBackToTheSameNumbers)
{
    const Table& t = table();
    const auto records = parseCsv(hoc::tools::csv(t));
    ASSERT_FALSE(records.empty());
    const auto& header = records[0];
    auto column = [&](const std::string& name) {
        const auto at = std::find(header.begin(), header.end(), name);
        EXPECT_NE(at, header.end()) << name;
        return static_cast<std::size_t>(at - header.begin());
    };
    auto number = [](const std::string& text) { return text.empty() ? NAN : std::stod(text); };

    std::size_t expectedRecords = 1;
    for (const auto& r : t.rows)
        for (const auto& cell : r.cells)
            expectedRecords += cell.status != Cell::Status::Missing;
    ASSERT_EQ(records.size(), expectedRecords);

    std::size_t at = 1;
    for (const auto& r : t.rows)
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
            const Cell& cell = r.cells[c];
            if (cell.status == Cell::Status::Missing)
                continue;
            const auto& rec = records[at++];
            ASSERT_EQ(rec.size(), header.size());
            EXPECT_EQ(rec[column("exercise")], r.folder);
            EXPECT_EQ(rec[column("variant")], r.variant());  // quotes, '|', '<', '&' survive
            EXPECT_EQ(rec[column("device")], std::to_string(t.columns[c].device.index));
            EXPECT_EQ(rec[column("detail")], cell.detail);
            if (!cell.present()) {
                EXPECT_EQ(rec[column("status")], "failed");
                continue;
            }
            EXPECT_EQ(rec[column("status")], cell.status == Cell::Status::Correct ? "correct" : "wrong");
            EXPECT_EQ(number(rec[column("rate")]), cell.rate);
            EXPECT_EQ(number(rec[column("seconds")]), cell.seconds);
            EXPECT_EQ(rec[column("unit")], cell.unit);
            if (auto flops = cell.extraValue("flops")) {  // braces: EXPECT_EQ expands to an if-else
                EXPECT_EQ(number(rec[column("flops")]), *flops);
            }
            if (cell.blasFraction)
                EXPECT_EQ(number(rec[column("fraction_of_blas")]), *cell.blasFraction);
            else
                EXPECT_EQ(rec[column("fraction_of_blas")], "");
            if (cell.roof) {
                EXPECT_EQ(number(rec[column("fraction_of_roofline")]), cell.roof->fraction);
                EXPECT_EQ(number(rec[column("attained")]), cell.roof->attained);
            }
        }
}

TEST(Json, ReadsBackToTheSameNumbers)
{
    const Table& t = table();
    const auto doc = nlohmann::json::parse(hoc::tools::toJson(t).dump(2));
    EXPECT_FALSE(doc["all_good"].get<bool>());
    ASSERT_EQ(doc["devices"].size(), 2u);
    EXPECT_EQ(doc["devices"][1]["roofs"]["read_gbps"].get<double>(), 150.0);
    EXPECT_EQ(doc["devices"][1]["roofs"]["fma_mflops"].get<double>(), 1e6);
    EXPECT_EQ(doc["failures"].size(), 2u);
    ASSERT_EQ(doc["rows"].size(), t.rows.size());
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto& jr = doc["rows"][r];
        EXPECT_EQ(jr["variant"].get<std::string>(), t.rows[r].variant());
        for (std::size_t c = 0; c < 2; ++c) {
            const Cell& cell = t.rows[r].cells[c];
            const auto& jc = jr["cells"][c];
            if (cell.status == Cell::Status::Missing) {
                EXPECT_TRUE(jc.is_null());
                continue;
            }
            if (!cell.present()) {
                EXPECT_EQ(jc["status"], "failed");
                continue;
            }
            EXPECT_EQ(jc["rate"].get<double>(), cell.rate);
            EXPECT_EQ(jc["seconds"].get<double>(), cell.seconds);
            for (const auto& [key, value] : cell.extra)
                EXPECT_EQ(jc["extra"][key].get<double>(), value);
            if (cell.blasFraction) {  // braces: EXPECT_EQ expands to an if-else
                EXPECT_EQ(jc["fraction_of_blas"].get<double>(), *cell.blasFraction);
            }
            if (cell.roof) {
                EXPECT_EQ(jc["roofline"]["fraction"].get<double>(), cell.roof->fraction);
            }
        }
    }
}

TEST(ResultFiles, AProgramsJsonBecomesARun)
{
    const std::string path = std::string(HOC_BINARY_DIR) + "/test_tools_report_result.json";
    {
        std::ofstream out(path);
        out << R"({"exercise": "Exercise01_Vadd", "program": "/x/vadd",
                   "device": {"name": "pthread", "type": "CPU", "platform": "PoCL"},
                   "results": [{"name": "C = A + B", "size": "N = 4", "correct": true, "detail": "ok",
                                "seconds": 0.5, "rate": 2.5, "unit": "GB/s", "extra": {"bytes": 1.25e9}}]})";
    }
    const auto run = hoc::tools::runFromFile(path);
    EXPECT_TRUE(run.finished);
    EXPECT_EQ(run.folder, "Exercise01_Vadd");
    EXPECT_EQ(run.program, "vadd");
    EXPECT_EQ(run.device.label(), "pthread (CPU)");
    const auto t = hoc::tools::buildTable({run});
    EXPECT_EQ(t.rows.at(0).cells.at(0).extraValue("bytes"), 1.25e9);

    const auto missing = hoc::tools::runFromFile(path + ".missing");
    EXPECT_FALSE(missing.finished);
    EXPECT_NE(missing.problem.find("no results file"), std::string::npos);
    {
        std::ofstream out(path);
        out << "{\"exercise\": ";
    }
    EXPECT_NE(hoc::tools::runFromFile(path).problem.find("unreadable"), std::string::npos);
}

// A results file is checked field by field before anything is read from it: a field of the wrong
// type is named by its path and value (never a type_error that aborts the program), and a file that
// says its program did not finish is a failure that keeps its results.
TEST(ResultFiles, AFieldOfTheWrongTypeIsNamedByItsPath)
{
    using nlohmann::json;
    const json good = json::parse(R"({"exercise": "E", "program": "p", "device": {"name": "d", "type": "CPU"},
        "results": [{"name": "n", "size": "s", "correct": true, "detail": "", "seconds": 1, "rate": null,
                     "unit": "GB/s", "extra": {"bytes": 4}}], "finished": true})");
    EXPECT_EQ(hoc::tools::resultsShapeProblem(good), "");
    const std::vector<std::pair<json::json_pointer, json>> wrong = {
        {json::json_pointer("/results/0/rate"), "fast"},
        {json::json_pointer("/results/0/correct"), "yes"},
        {json::json_pointer("/results/0/name"), 3},
        {json::json_pointer("/results/0/extra"), json::array()},
        {json::json_pointer("/results/0/extra/bytes"), "many"},
        {json::json_pointer("/results/0"), 7},
        {json::json_pointer("/device"), "a GPU"},
        {json::json_pointer("/device/name"), json::object()},
        {json::json_pointer("/exercise"), false},
        {json::json_pointer("/finished"), "no"},
    };
    const std::vector<std::string> named = {
        "results[0].rate is a string (\"fast\"), where a number is expected",
        "results[0].correct is a string (\"yes\"), where true or false is expected",
        "results[0].name is a number (3), where a string is expected",
        "results[0].extra is a list ([]), where an object is expected",
        "results[0].extra.bytes is a string (\"many\"), where a number is expected",
        "results[0] is a number, where an object is expected",
        "device is a string (\"a GPU\"), where an object is expected",
        "device.name is an object ({}), where a string is expected",
        "exercise is true or false (false), where a string is expected",
        "finished is a string (\"no\"), where true or false is expected",
    };
    for (std::size_t i = 0; i < wrong.size(); ++i) {
        json doc = good;
        doc[wrong[i].first] = wrong[i].second;
        EXPECT_EQ(hoc::tools::resultsShapeProblem(doc), named[i]);
    }

    // hoc-results: the wrong-typed field named, exit 2, nothing written; an unfinished run: a failure (exit 1).
    const fs::path dir = fs::path(HOC_BINARY_DIR) / "test_tools_report_types";
    fs::remove_all(dir);
    fs::create_directories(dir);
    json fast = good;
    fast["results"][0]["rate"] = "fast";
    std::ofstream(dir / "fast.json") << fast.dump();
    const std::vector<std::string> args = {std::string(HOC_TOOLS_DIR) + "/hoc-results", "--html",
                                           (dir / "results.html").string(), (dir / "fast.json").string()};
    const auto refused = hoc::tools::runProcess(args, (dir / "log").string(), 60);
    std::ifstream log(dir / "log");
    const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    EXPECT_EQ(refused.exitCode, 2) << refused.describe() << "\n" << text;
    EXPECT_NE(text.find("fast.json: results[0].rate is a string (\"fast\"), where a number is expected"),
              std::string::npos)
        << text;
    EXPECT_FALSE(fs::exists(dir / "results.html"));

    json unfinished = good;
    unfinished["finished"] = false;
    std::ofstream(dir / "unfinished.json") << unfinished.dump();
    const auto run = hoc::tools::runFromFile((dir / "unfinished.json").string());
    EXPECT_FALSE(run.finished);
    EXPECT_NE(run.problem.find("did not finish"), std::string::npos) << run.problem;
    const auto table = hoc::tools::buildTable({run});
    EXPECT_FALSE(table.allGood());
    ASSERT_EQ(table.rows.size(), 1u);
    EXPECT_EQ(table.rows[0].cells.at(0).status, hoc::tools::Cell::Status::Correct);  // its results kept
}
