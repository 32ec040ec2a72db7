// hoc-runner: the course list, child processes, and the runner itself on the built course (quick
// sizes, the test device) and on a course with programs that fail.
#include <csv.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "hoc/tools/course.hpp"
#include "hoc/tools/process.hpp"
#include "hoc_test.hpp"

namespace fs = std::filesystem;

namespace {

// A fresh folder under the build tree for one test.
fs::path scratch(const std::string& name)
{
    const fs::path dir = fs::path(HOC_BINARY_DIR) / "test_tools_runner" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string readText(const fs::path& path)
{
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The --device index of the test device (PoCL's CPU unless HOC_TEST_DEVICE says otherwise).
std::string testDeviceIndex()
{
    for (const auto& entry : hoc::allDevices())
        if (entry.device() == hoc::test::device()())
            return std::to_string(entry.index);
    throw std::runtime_error("the test device is not in the device list");
}

// Runs hoc-runner with `args`; its output goes to `log`.
hoc::tools::ProcessResult runner(const std::vector<std::string>& args, const fs::path& log)
{
    std::vector<std::string> argv = {std::string(HOC_TOOLS_DIR) + "/hoc-runner"};
    argv.insert(argv.end(), args.begin(), args.end());
    return hoc::tools::runProcess(argv, log.string(), 900);
}

std::size_t csvRecords(const std::string& text)
{
    csv_parser parser;
    csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI);
    std::size_t records = 0;
    auto record = [](int, void* n) { ++*static_cast<std::size_t*>(n); };
    const std::size_t used = csv_parse(&parser, text.data(), text.size(), nullptr, record, &records);
    const bool ok = used == text.size() && csv_fini(&parser, nullptr, record, &records) == 0;
    csv_free(&parser);
    return ok ? records : 0;
}

}  // namespace

TEST(Course, ReadsTheListCMakeWrites)
{
    std::istringstream in("Exercise01_Vadd\t/b/Solutions/Exercise01_Vadd/vadd\t--size 16777216\t--size 1048576\n"
                          "\n"
                          "Exercise00_DeviceInfo\t/b/device_info\t\t\n"
                          "Exercise09_Pi\t/b/pi\t--steps  100   --repeats 3\n");
    const auto course = hoc::tools::readCourse(in);
    ASSERT_EQ(course.size(), 3u);
    EXPECT_EQ(course[0].folder, "Exercise01_Vadd");
    EXPECT_EQ(course[0].programName(), "vadd");
    EXPECT_EQ(course[0].runArgs, (std::vector<std::string>{"--size", "16777216"}));
    EXPECT_EQ(course[0].quickArgs, (std::vector<std::string>{"--size", "1048576"}));
    EXPECT_TRUE(course[1].runArgs.empty());
    EXPECT_EQ(course[2].runArgs, (std::vector<std::string>{"--steps", "100", "--repeats", "3"}));
    EXPECT_TRUE(course[2].quickArgs.empty());

    std::istringstream bad("Exercise01_Vadd\n");
    EXPECT_THROW(hoc::tools::readCourse(bad), std::runtime_error);
}

TEST(Process, ExitStatusAndOutput)
{
    const fs::path dir = scratch("process");
    const auto r = hoc::tools::runProcess({"/bin/sh", "-c", "echo to-out; echo to-err >&2; exit 3"},
                                          (dir / "log").string(), 60);
    EXPECT_TRUE(r.started);
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_FALSE(r.succeeded());
    EXPECT_EQ(r.describe(), "exit 3");
    EXPECT_EQ(readText(dir / "log"), "to-out\nto-err\n");
    EXPECT_TRUE(hoc::tools::runProcess({"/bin/true"}, (dir / "log").string(), 60).succeeded());
}

TEST(Process, SignalTimeoutAndMissingProgram)
{
    const fs::path dir = scratch("process-bad");
    const auto crashed = hoc::tools::runProcess({"/bin/sh", "-c", "kill -SEGV $$"}, (dir / "log").string(), 60);
    EXPECT_EQ(crashed.signal, SIGSEGV);
    EXPECT_NE(crashed.describe().find("killed by signal 11"), std::string::npos);

    const auto hung = hoc::tools::runProcess({"/bin/sleep", "60"}, (dir / "log").string(), 0.5);
    EXPECT_TRUE(hung.timedOut);
    EXPECT_LT(hung.seconds, 30);
    EXPECT_NE(hung.describe().find("time limit"), std::string::npos);

    const auto missing = hoc::tools::runProcess({"/no/such/program"}, (dir / "log").string(), 60);
    EXPECT_FALSE(missing.started);
    EXPECT_NE(missing.describe().find("could not start: /no/such/program"), std::string::npos);
}

// The runner on a course where one program does not exist and one fails: the others are still
// run and reported, the failures are named, and the exit status is 1.
TEST(Runner, AFailingProgramDoesNotStopTheOthers)
{
    const fs::path dir = scratch("failing");
    const auto real = hoc::tools::readCourseFile(std::string(HOC_BINARY_DIR) + "/course.txt");
    ASSERT_FALSE(real.empty());
    const fs::path failing = dir / "failing.sh";
    {
        std::ofstream script(failing);
        script << "#!/bin/sh\necho 'error: the test program fails on purpose' >&2\nexit 3\n";
    }
    chmod(failing.c_str(), 0755);
    {
        std::ofstream course(dir / "course.txt");
        course << "Missing\t/no/such/program\t\t\n"
               << "Failing\t" << failing.string() << "\t\t\n"
               << real[0].folder << "\t" << real[0].program << "\t\t";
        for (const auto& a : real[0].quickArgs)
            course << a << " ";
        course << "\n";
    }
    const auto r = runner({"--course", (dir / "course.txt").string(), "--out", (dir / "out").string(), "--quick",
                           "--no-roofline", "--device", testDeviceIndex()},
                          dir / "runner.log");
    const std::string log = readText(dir / "runner.log");
    EXPECT_EQ(r.exitCode, 1) << log;
    EXPECT_NE(log.find("[1/3] Missing program on dev"), std::string::npos) << log;
    EXPECT_NE(log.find("FAILED"), std::string::npos) << log;

    const auto doc = nlohmann::json::parse(readText(dir / "out" / "results.json"));
    EXPECT_FALSE(doc["all_good"].get<bool>());
    ASSERT_EQ(doc["failures"].size(), 2u);
    EXPECT_NE(doc["failures"][0].get<std::string>().find("could not start"), std::string::npos);
    EXPECT_NE(doc["failures"][1].get<std::string>().find("exit 3: error: the test program fails on purpose"),
              std::string::npos);
    ASSERT_EQ(doc["rows"].size(), 3u);
    EXPECT_EQ(doc["rows"][2]["exercise"], real[0].folder);
    EXPECT_EQ(doc["rows"][2]["cells"][0]["status"], "correct");
    const std::string md = readText(dir / "out" / "results.md");
    EXPECT_NE(md.find("Failed (2 of 3 runs):"), std::string::npos) << md;
}

// What CI runs: every solution of the built course with its quick sizes on the test device, the
// roofs measured; every output written and readable, every program's results in the table.
TEST(Runner, QuickRunOfTheCourse)
{
    const fs::path dir = scratch("quick");
    const std::string course = std::string(HOC_BINARY_DIR) + "/course.txt";
    const auto r = runner({"--course", course, "--out", (dir / "out").string(), "--quick", "--device",
                           testDeviceIndex()},
                          dir / "runner.log");
    const std::string log = readText(dir / "runner.log");
    EXPECT_EQ(r.exitCode, 0) << log;

    const fs::path out = dir / "out";
    for (const char* name : {"results.html", "results.md", "results.csv", "results.json"})
        EXPECT_TRUE(fs::exists(out / name)) << name << " missing; " << log;

    const auto doc = nlohmann::json::parse(readText(out / "results.json"));
    EXPECT_TRUE(doc["all_good"].get<bool>()) << doc["failures"].dump();
    ASSERT_EQ(doc["devices"].size(), 1u);
    EXPECT_GT(doc["devices"][0]["roofs"]["copy_gbps"].get<double>(), 0);
    EXPECT_GT(doc["devices"][0]["roofs"]["fma_mflops"].get<double>(), 0);

    // Every program of the course has its rows, and every row's cell is correct.
    std::set<std::string> expected, found;
    for (const auto& entry : hoc::tools::readCourseFile(course))
        expected.insert(entry.folder + " " + entry.programName());
    bool anyMflops = false;
    for (const auto& row : doc["rows"]) {
        found.insert(row["exercise"].get<std::string>() + " " + row["program"].get<std::string>());
        EXPECT_EQ(row["cells"][0]["status"], "correct") << row.dump();
        // The progression chart shows the course's MFLOPS results (not the probe's FMA roof).
        anyMflops = anyMflops || (!row["roofline_probe"].get<bool>() && row["cells"][0].value("unit", "") == "MFLOPS");
    }
    for (const auto& program : expected)
        EXPECT_TRUE(found.count(program)) << program << " has no row";
    EXPECT_EQ(doc["runs"].size(), expected.size() + 1);  // and the probe

    // The CSV has a header and one record per row (one device); the page has the table and both
    // charts (test_tools_page.cpp opens such a page in a browser).
    EXPECT_EQ(csvRecords(readText(out / "results.csv")), 1 + doc["rows"].size());
    const std::string page = readText(out / "results.html");
    EXPECT_NE(page.find("<table id=results-table>"), std::string::npos);
    EXPECT_EQ(page.find("<canvas id=progression") != std::string::npos, anyMflops);
    EXPECT_NE(page.find("<canvas id=roofline"), std::string::npos);
    EXPECT_EQ(page.find("src=\"http"), std::string::npos);  // nothing from the network
    // The Markdown table printed is the one written.
    EXPECT_NE(log.find(readText(out / "results.md")), std::string::npos);
}
