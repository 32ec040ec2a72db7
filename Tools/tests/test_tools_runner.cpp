// hoc-runner: the course list, child processes, and the runner itself on the built course (quick
// sizes, the test device) and on a course with programs that fail.
#include <csv.h>
#include <nlohmann/json.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

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
    EXPECT_GT(doc["devices"][0]["roofs"]["read_gbps"].get<double>(), 0);
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

namespace {

// A course of shell scripts (folder, script text), written into `dir`.
fs::path scriptCourse(const fs::path& dir, const std::vector<std::pair<std::string, std::string>>& programs)
{
    std::ofstream course(dir / "course.txt");
    for (const auto& [folder, text] : programs) {
        const fs::path script = dir / (folder + ".sh");
        std::ofstream(script) << "#!/bin/sh\n" << text;
        chmod(script.c_str(), 0755);
        course << folder << "\t" << script.string() << "\t\t\n";
    }
    return dir / "course.txt";
}

// A script that finishes as a course program does: it writes its (empty) results to the --json file.
const std::string kFinishes =
    "while [ $# -gt 1 ]; do [ \"$1\" = --json ] && out=$2; shift; done\n"
    "printf '{\"exercise\": \"First\", \"program\": \"First.sh\", \"results\": [], \"finished\": true}\\n' > \"$out\"\n";

// Whether `pid` still runs, waiting up to 2 s for it to end (a zombie, killed but not yet reaped by
// the process that inherited it, counts as ended).
bool alive(pid_t pid)
{
    for (int i = 0; i < 40; ++i) {
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string text;
        std::getline(stat, text);
        const auto paren = text.rfind(')');
        if (::kill(pid, 0) != 0 || paren == std::string::npos || text.substr(paren + 2, 1) == "Z")
            return false;
        ::usleep(50000);
    }
    return true;
}

pid_t pidIn(const fs::path& file, double seconds)
{
    for (int i = 0; i < seconds * 20; ++i) {
        std::ifstream in(file);
        pid_t pid = 0;
        if (in >> pid && pid > 0)
            return pid;
        ::usleep(50000);
    }
    return 0;
}

// hoc-runner started in the background, its output in `log`; the test sends it a signal.
pid_t startRunner(const std::vector<std::string>& args, const fs::path& log)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        std::vector<std::string> all = {std::string(HOC_TOOLS_DIR) + "/hoc-runner"};
        all.insert(all.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : all)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    return pid;
}

int waitFor(pid_t pid, double seconds)
{
    int status = 0;
    for (int i = 0; i < seconds * 20; ++i) {
        if (::waitpid(pid, &status, WNOHANG) == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        ::usleep(50000);
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return -1;
}

}  // namespace

// Issue 20, item 6: SIGINT or SIGTERM to the runner reaches the program it runs (and whatever that
// started); the runner waits for it, writes the results, marks the interrupted run and those not
// started, and exits with 128 + the signal.
TEST(Runner, StopSignalIsPassedOnAndTheResultsWritten)
{
    for (const int signal : {SIGINT, SIGTERM}) {
        const fs::path dir = scratch(std::string("signal-") + sigabbrev_np(signal));
        const fs::path course = scriptCourse(
            dir, {{"First", kFinishes},
                  {"Sleeper", "sleep 600 & echo $! > " + (dir / "straggler.pid").string() + "\necho $$ > " +
                                  (dir / "sleeper.pid").string() + "\nwait\n"},
                  {"Never", "touch " + (dir / "never-ran").string() + "\n"}});
        const pid_t runnerPid = startRunner({"--course", course.string(), "--out", (dir / "out").string(),
                                             "--no-roofline", "--device", testDeviceIndex()},
                                            dir / "runner.log");
        const pid_t sleeper = pidIn(dir / "sleeper.pid", 60), straggler = pidIn(dir / "straggler.pid", 5);
        ASSERT_GT(sleeper, 0) << readText(dir / "runner.log");
        ::kill(runnerPid, signal);
        const int status = waitFor(runnerPid, 60);
        const std::string log = readText(dir / "runner.log");
        EXPECT_EQ(status, 128 + signal) << log;
        EXPECT_FALSE(alive(sleeper)) << "the program the runner ran is still running";
        EXPECT_FALSE(alive(straggler)) << "what the program started is still running";
        EXPECT_FALSE(fs::exists(dir / "never-ran")) << "nothing new may start after the signal";
        EXPECT_NE(log.find("Interrupted (SIG"), std::string::npos) << log;

        const auto doc = nlohmann::json::parse(readText(dir / "out" / "results.json"));
        EXPECT_TRUE(doc["interrupted"].get<bool>());
        ASSERT_EQ(doc["runs"].size(), 3u) << doc.dump(2);
        EXPECT_EQ(doc["runs"][0]["exercise"], "First");
        EXPECT_TRUE(doc["runs"][0]["finished"].get<bool>()) << doc["runs"][0].dump();
        EXPECT_NE(doc["runs"][1]["problem"].get<std::string>().find(std::string("interrupted (SIG") +
                                                                     sigabbrev_np(signal) + " passed on to it"),
                  std::string::npos)
            << doc["runs"][1].dump();
        EXPECT_NE(doc["runs"][2]["problem"].get<std::string>().find("not run: the run was interrupted"),
                  std::string::npos)
            << doc["runs"][2].dump();
        for (const char* name : {"results.html", "results.md", "results.csv"})
            EXPECT_TRUE(fs::exists(dir / "out" / name)) << name;
        EXPECT_TRUE(fs::exists(dir / "out" / "logs")) << "the logs of the runs stay";
    }
}

// Issue 20, item 6: --out '' is refused, and nothing in the current folder is deleted.
TEST(Runner, EmptyOutputFolderIsRefused)
{
    const fs::path dir = scratch("empty-out");
    const fs::path course = scriptCourse(dir, {{"First", "echo first done\n"}});
    fs::create_directories(dir / "json");
    fs::create_directories(dir / "logs");
    std::ofstream(dir / "json" / "mine.json") << "{}\n";
    std::ofstream(dir / "logs" / "mine.log") << "my log\n";
    const auto r = hoc::tools::runProcess(
        {"/bin/sh", "-c",
         "cd '" + dir.string() + "' && exec '" + std::string(HOC_TOOLS_DIR) + "/hoc-runner' --course course.txt --out '' "
         "--no-roofline --device " + testDeviceIndex()},
        (dir / "runner.log").string(), 120);
    const std::string log = readText(dir / "runner.log");
    EXPECT_EQ(r.exitCode, 2) << log;
    EXPECT_NE(log.find("--out: no folder given"), std::string::npos) << log;
    EXPECT_EQ(log.find("Written to"), std::string::npos) << log;
    EXPECT_TRUE(fs::exists(dir / "json" / "mine.json"));
    EXPECT_TRUE(fs::exists(dir / "logs" / "mine.log"));
}

// The output folder is the runner's own: a folder holding other files is refused (nothing deleted);
// json/ as a link to another folder is refused; a folder an earlier run wrote is cleared and reused.
TEST(Runner, OnlyItsOwnOutputFolderIsCleared)
{
    const fs::path dir = scratch("own-folder");
    const fs::path course = scriptCourse(dir, {{"First", kFinishes}});
    const auto runTo = [&](const fs::path& out) {
        return runner({"--course", course.string(), "--out", out.string(), "--no-roofline", "--device",
                       testDeviceIndex()},
                      dir / "runner.log");
    };

    const fs::path foreign = dir / "project";
    fs::create_directories(foreign / "json");
    std::ofstream(foreign / "json" / "package.json") << "{}\n";
    std::ofstream(foreign / "results.md") << "my notes\n";
    auto r = runTo(foreign);
    std::string log = readText(dir / "runner.log");
    EXPECT_EQ(r.exitCode, 2) << log;
    EXPECT_NE(log.find("holds files hoc-runner did not write"), std::string::npos) << log;
    EXPECT_TRUE(fs::exists(foreign / "json" / "package.json"));
    EXPECT_EQ(readText(foreign / "results.md"), "my notes\n");

    const fs::path linked = dir / "linked";
    fs::create_directories(linked);
    std::ofstream(linked / ".hoc-runner") << "\n";
    fs::create_directory_symlink(foreign / "json", linked / "json");
    r = runTo(linked);
    log = readText(dir / "runner.log");
    EXPECT_EQ(r.exitCode, 2) << log;
    EXPECT_NE(log.find("json is not a folder (a link or a file)"), std::string::npos) << log;
    EXPECT_TRUE(fs::exists(foreign / "json" / "package.json"));

    const fs::path own = dir / "own";
    r = runTo(own);
    EXPECT_EQ(r.exitCode, 0) << readText(dir / "runner.log");
    EXPECT_TRUE(fs::exists(own / ".hoc-runner"));
    std::ofstream(own / "json" / "stale.json") << "{}\n";
    std::ofstream(own / "notes.txt") << "kept\n";
    r = runTo(own);
    EXPECT_EQ(r.exitCode, 0) << readText(dir / "runner.log");
    EXPECT_FALSE(fs::exists(own / "json" / "stale.json")) << "an earlier run's files are cleared";
    EXPECT_EQ(readText(own / "notes.txt"), "kept\n") << "only the runner's own files are removed";
}
