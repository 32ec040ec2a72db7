// hoc-runner: the course list, child processes, and the runner itself on the built course (quick
// sizes, the test device) and on a course with programs that fail.
#include <csv.h>
#include <nlohmann/json.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "hoc/tools/course.hpp"
#include "hoc/tools/html.hpp"
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

// A course list that is not one is refused, naming the line: too many fields, a control
// character (a NUL), a blank folder; Windows line ends are read as line ends.
TEST(Course, LinesThatAreNotCourseEntriesAreRefused)
{
    for (const std::string& text : {std::string("A\t/b/a\t\t\textra\n"), std::string("A\t/b/a\0x\t\t\n", 12),
                                    std::string("ok\t/b/ok\t\t\n \t/b/a\t\t\n"), std::string("A\t/b/a\x1b[2J\n")}) {
        std::istringstream in(text);
        try {
            hoc::tools::readCourse(in);
            ADD_FAILURE() << "accepted: " << text;
        } catch (const hoc::tools::CourseFileError& e) {
            EXPECT_NE(std::string(e.what()).find("course list line "), std::string::npos) << e.what();
            EXPECT_EQ(std::string(e.what()).find('\x1b'), std::string::npos) << "a control character in the message";
        }
    }
    std::istringstream windows("A\t/b/a\t--size 4\t--size 2\r\n");
    const auto course = hoc::tools::readCourse(windows);
    ASSERT_EQ(course.size(), 1u);
    EXPECT_EQ(course[0].quickArgs, (std::vector<std::string>{"--size", "2"}));
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
// run and reported, the failures are named (the missing one as not built, with the remedy), and the
// exit status is 1.
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
    EXPECT_NE(doc["failures"][0].get<std::string>().find("not built: /no/such/program does not exist"),
              std::string::npos)
        << doc["failures"][0];
    EXPECT_NE(doc["failures"][0].get<std::string>().find("run script/build"), std::string::npos);
    EXPECT_NE(doc["failures"][1].get<std::string>().find("exit 3: error: the test program fails on purpose"),
              std::string::npos);
    ASSERT_EQ(doc["rows"].size(), 3u);
    EXPECT_EQ(doc["rows"][2]["exercise"], real[0].folder);
    EXPECT_EQ(doc["rows"][2]["cells"][0]["status"], "correct");
    const std::string md = readText(dir / "out" / "results.md");
    EXPECT_NE(md.find("Failed (2 of 3 runs):"), std::string::npos) << md;
}

// Open MPI installed after the course was first configured: configuring again (script/build does,
// cmake/HocDependencies.cmake looks for MPI again) lists Exercise 15b's program in course.txt, and
// until it is built the runner names it as not built, with the remedy, instead of "No such file or
// directory"; the program beside it still runs and its results are kept.
TEST(Runner, AProgramConfiguredButNotBuiltIsNamedAsNotBuilt)
{
    const fs::path dir = scratch("configured_not_built");
    const auto real = hoc::tools::readCourseFile(std::string(HOC_BINARY_DIR) + "/course.txt");
    ASSERT_FALSE(real.empty());
    // Where the build puts Exercise 15b's program, in a build folder that has not built it.
    const fs::path mpiSplit = dir / "build" / "Solutions" / "Exercise15b_Mpi" / "mpi_split";
    {
        std::ofstream course(dir / "course.txt");
        course << "Exercise15b_Mpi\t" << mpiSplit.string()
               << "\t--steps 1073741824 --dims 1024\t--steps 16777216 --dims 256\n"
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
    const std::string said = "not built: " + mpiSplit.string() +
                             " does not exist (the course was configured with it and not built since: run "
                             "script/build)";
    EXPECT_NE(log.find("Exercise15b_Mpi mpi_split on "), std::string::npos) << log;
    EXPECT_NE(log.find(" s): " + said), std::string::npos) << log;  // after "FAILED (0.0"
    EXPECT_EQ(log.find("No such file or directory"), std::string::npos) << log;

    const auto doc = nlohmann::json::parse(readText(dir / "out" / "results.json"));
    ASSERT_EQ(doc["failures"].size(), 1u) << doc.dump(1);
    EXPECT_NE(doc["failures"][0].get<std::string>().find(said), std::string::npos) << doc["failures"][0];
    ASSERT_EQ(doc["rows"].size(), 2u);
    EXPECT_EQ(doc["rows"][1]["exercise"], real[0].folder);
    EXPECT_EQ(doc["rows"][1]["cells"][0]["status"], "correct");
}

// What CI runs: every solution of the built course with its quick sizes on the test device, the
// roofs measured; every output written and readable, every program's results in the table.
TEST(Runner, QuickRunOfTheCourse)
{
    const fs::path dir = scratch("quick");
    const std::string course = std::string(HOC_BINARY_DIR) + "/course.txt";
    const auto r = runner(
        {"--course", course, "--out", (dir / "out").string(), "--quick", "--device", testDeviceIndex()},
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
const std::string kFinishes = "while [ $# -gt 1 ]; do [ \"$1\" = --json ] && out=$2; shift; done\n"
                              "printf '{\"exercise\": \"First\", \"program\": \"First.sh\", \"results\": [], "
                              "\"finished\": true}\\n' > \"$out\"\n";

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

// SIGINT or SIGTERM to the runner reaches the program it runs (and whatever that
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

// A program whose results file nests 100000 deep, or holds 20 MB, is a failed run of its own (the
// runner crashed on the first, and read the second past any limit): the other programs' results are
// kept, and the runner ends in seconds with exit 1.
TEST(Runner, DeepOrHugeResultsFileIsThatProgramsFailureOnly)
{
    const fs::path dir = scratch("hostile-json");
    const std::string jsonOut = "while [ $# -gt 1 ]; do [ \"$1\" = --json ] && out=$2; shift; done\n";
    const fs::path course = scriptCourse(
        dir,
        {{"First", kFinishes},
         {"Deep", jsonOut + "python3 -c 'import sys; sys.stdout.write(\"{\\\"results\\\": [], \\\"extra\\\": \" + "
                            "\"[\" * 100000 + \"]\" * 100000 + \"}\")' > \"$out\"\n"},
         {"Huge", jsonOut + "python3 -c 'import sys; sys.stdout.write(\"{\\\"results\\\": [], \\\"pad\\\": \\\"\" + "
                            "\"x\" * (20 << 20) + \"\\\"}\")' > \"$out\"\n"}});
    const auto started = std::chrono::steady_clock::now();
    const auto r = runner(
        {"--course", course.string(), "--out", (dir / "out").string(), "--no-roofline", "--device", testDeviceIndex()},
        dir / "runner.log");
    const std::string log = readText(dir / "runner.log");
    EXPECT_EQ(r.exitCode, 1) << r.describe() << "\n" << log;
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), 60) << log;
    const auto doc = nlohmann::json::parse(readText(dir / "out" / "results.json"));
    ASSERT_EQ(doc["runs"].size(), 3u) << doc.dump(2);
    EXPECT_TRUE(doc["runs"][0]["finished"].get<bool>()) << doc["runs"][0].dump();
    EXPECT_NE(doc["runs"][1]["problem"].get<std::string>().find("nests values deeper than 32 levels"),
              std::string::npos)
        << doc["runs"][1].dump();
    EXPECT_NE(doc["runs"][2]["problem"].get<std::string>().find("has 20 MiB, more than a course program writes"),
              std::string::npos)
        << doc["runs"][2].dump();
}

// A program that exits 0 but whose results file says it did not finish ("finished": false) stopped
// early without saying so by its status: the runner counts it as failed, with the last error line it
// printed as the reason, and exits 1. What it left running in the background, holding the output
// the runner gave it, ends when it ends: nothing of a finished program runs on.
TEST(Runner, UnfinishedProgramFailsAndLeavesNothingRunning)
{
    const fs::path dir = scratch("unfinished");
    const fs::path course = scriptCourse(
        dir,
        {{"Unfinished", "while [ $# -gt 1 ]; do [ \"$1\" = --json ] && out=$2; shift; done\n"
                        "printf '{\"exercise\": \"Unfinished\", \"results\": [], \"finished\": false}\\n' > \"$out\"\n"
                        "echo 'error: stopped halfway on purpose'\n"
                        "sleep 600 & echo $! > " +
                            (dir / "straggler.pid").string() + "\nexit 0\n"}});
    const auto r = runner(
        {"--course", course.string(), "--out", (dir / "out").string(), "--no-roofline", "--device", testDeviceIndex()},
        dir / "runner.log");
    const std::string log = readText(dir / "runner.log");
    EXPECT_EQ(r.exitCode, 1) << log;
    const auto doc = nlohmann::json::parse(readText(dir / "out" / "results.json"));
    ASSERT_EQ(doc["runs"].size(), 1u) << doc.dump(2);
    EXPECT_FALSE(doc["runs"][0]["finished"].get<bool>()) << doc["runs"][0].dump();
    const std::string problem = doc["runs"][0]["problem"].get<std::string>();
    EXPECT_NE(problem.find("did not finish"), std::string::npos) << problem;
    EXPECT_NE(problem.find("error: stopped halfway on purpose"), std::string::npos) << problem;
    EXPECT_FALSE(doc["all_good"].get<bool>());

    const pid_t straggler = pidIn(dir / "straggler.pid", 5);
    ASSERT_GT(straggler, 0);
    const bool orphan = alive(straggler);
    EXPECT_FALSE(orphan) << "what the program left in the background still runs after it ended";
    if (orphan)
        ::kill(straggler, SIGKILL);
}

// --out '' is refused, and nothing in the current folder is deleted.
TEST(Runner, EmptyOutputFolderIsRefused)
{
    const fs::path dir = scratch("empty-out");
    const fs::path course = scriptCourse(dir, {{"First", "echo first done\n"}});
    fs::create_directories(dir / "json");
    fs::create_directories(dir / "logs");
    std::ofstream(dir / "json" / "mine.json") << "{}\n";
    std::ofstream(dir / "logs" / "mine.log") << "my log\n";
    const auto r = hoc::tools::runProcess({"/bin/sh", "-c",
                                           "cd '" + dir.string() + "' && exec '" + std::string(HOC_TOOLS_DIR) +
                                               "/hoc-runner' --course course.txt --out '' "
                                               "--no-roofline --device " +
                                               testDeviceIndex()},
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
        return runner(
            {"--course", course.string(), "--out", out.string(), "--no-roofline", "--device", testDeviceIndex()},
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

namespace {

// hoc-runner with `args` in `dir`, its output in dir/runner.log: the exit status and the output.
std::pair<int, std::string> runnerIn(const fs::path& dir, const std::vector<std::string>& args)
{
    const auto r = runner(args, dir / "runner.log");
    return {r.started ? r.exitCode : -1, readText(dir / "runner.log")};
}

// A program that leaves a mark when it runs (nothing may run after a refusal).
std::string marks(const fs::path& file) { return "touch " + file.string() + "\n" + kFinishes; }

}  // namespace

// `hoc-runner --course <folder or empty file>` exits 2 with a message about the course
// file (it was 3 with "no program ... matches --only"); so does a missing file named by --course, and
// --only matching nothing (the user's input).
TEST(Runner, CourseThatIsAFolderOrEmptyIsTheUsersInput)
{
    const fs::path dir = scratch("course-file");
    std::ofstream(dir / "empty.txt").close();
    std::ofstream(dir / "blank.txt") << "\n  \n\t\n";
    fs::create_directories(dir / "folder");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {(dir / "folder").string(), "is a folder, not a file"},
        {(dir / "empty.txt").string(), "names no program (it is empty"},
        {(dir / "blank.txt").string(), "names no program (it has blank lines only"},
        {(dir / "missing.txt").string(), "cannot read the course list"},
        {"/dev/zero", "is not a regular file"}};
    for (const auto& [course, message] : cases) {
        const auto [status, log] = runnerIn(
            dir, {"--course", course, "--out", (dir / "out").string(), "--no-roofline", "--device", testDeviceIndex()});
        EXPECT_EQ(status, 2) << course << ": " << log;
        EXPECT_NE(log.find(message), std::string::npos) << course << ": " << log;
        EXPECT_EQ(log.find("--only"), std::string::npos) << course << ": " << log;
        EXPECT_FALSE(fs::exists(dir / "out")) << "nothing is written after a refusal";
    }
    EXPECT_THROW(hoc::tools::readCourseFile((dir / "folder").string()), hoc::tools::CourseFileError);

    const fs::path course = scriptCourse(dir, {{"First", kFinishes}});
    const auto [status, log] = runnerIn(dir, {"--course", course.string(), "--out", (dir / "out").string(), "--only",
                                              "NoSuchExercise", "--device", testDeviceIndex()});
    EXPECT_EQ(status, 2) << log;
    EXPECT_NE(log.find("matches --only 'NoSuchExercise'"), std::string::npos) << log;
}

// SIGHUP (the terminal closed) is handled like SIGTERM: passed on to the program and to
// what it started, the results written, exit 129; the runner does not end at once and leave its
// program running.
TEST(Runner, HangUpIsHandledLikeTerminate)
{
    const fs::path dir = scratch("signal-HUP");
    const fs::path course = scriptCourse(
        dir, {{"First", kFinishes},
              {"Sleeper", "sleep 600 & echo $! > " + (dir / "straggler.pid").string() + "\necho $$ > " +
                              (dir / "sleeper.pid").string() + "\nwait\n"}});
    const pid_t runnerPid = startRunner(
        {"--course", course.string(), "--out", (dir / "out").string(), "--no-roofline", "--device", testDeviceIndex()},
        dir / "runner.log");
    const pid_t sleeper = pidIn(dir / "sleeper.pid", 60), straggler = pidIn(dir / "straggler.pid", 5);
    ASSERT_GT(sleeper, 0) << readText(dir / "runner.log");
    ::kill(runnerPid, SIGHUP);
    const int status = waitFor(runnerPid, 60);
    EXPECT_EQ(status, 128 + SIGHUP) << readText(dir / "runner.log");
    EXPECT_FALSE(alive(sleeper)) << "the program the runner ran is still running";
    EXPECT_FALSE(alive(straggler)) << "what the program started is still running";
    ASSERT_TRUE(fs::exists(dir / "out" / "results.json")) << readText(dir / "runner.log");
    const auto doc = nlohmann::json::parse(readText(dir / "out" / "results.json"));
    EXPECT_TRUE(doc["interrupted"].get<bool>());
    EXPECT_NE(doc["runs"][1]["problem"].get<std::string>().find("interrupted (SIGHUP passed on to it"),
              std::string::npos)
        << doc["runs"][1].dump();
}

// SIGKILL of the runner, which it cannot handle, leaves no orphan: the program and what
// it started in the background (as an MPI program its daemon) die with it (the parent-death signal of
// the guard between them, which kills their process group); nothing runs on.
TEST(Runner, KilledRunnerLeavesNoOrphan)
{
    const fs::path dir = scratch("signal-KILL");
    const fs::path course = scriptCourse(
        dir, {{"Sleeper", "sleep 600 & echo $! > " + (dir / "straggler.pid").string() + "\necho $$ > " +
                              (dir / "sleeper.pid").string() + "\nexec sleep 600\n"}});
    const pid_t runnerPid = startRunner(
        {"--course", course.string(), "--out", (dir / "out").string(), "--no-roofline", "--device", testDeviceIndex()},
        dir / "runner.log");
    const pid_t sleeper = pidIn(dir / "sleeper.pid", 60), straggler = pidIn(dir / "straggler.pid", 5);
    ASSERT_GT(sleeper, 0) << readText(dir / "runner.log");
    ASSERT_GT(straggler, 0) << readText(dir / "runner.log");
    ::usleep(200000);  // the shell has become sleep (exec)
    ::kill(runnerPid, SIGKILL);
    EXPECT_EQ(waitFor(runnerPid, 60), 128 + SIGKILL);
    for (const pid_t pid : {sleeper, straggler}) {
        const bool orphan = alive(pid);
        EXPECT_FALSE(orphan) << (pid == sleeper ? "the program" : "what the program started")
                             << " of a killed runner is still running";
        if (orphan)
            ::kill(pid, SIGKILL);
    }
}

// A program that crashes, exits with a status or is stopped by a signal is seen as it ended through
// the guard between the runner and the program (process.hpp): the runner's table says what the
// program did, not what the guard did.
TEST(Process, TheGuardEndsAsTheProgramEnded)
{
    const fs::path dir = scratch("guard");
    for (const int status : {0, 1, 3, 77, 127})
        EXPECT_EQ(
            hoc::tools::runProcess({"/bin/sh", "-c", "exit " + std::to_string(status)}, (dir / "log").string(), 60)
                .exitCode,
            status);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGABRT, SIGKILL, SIGUSR1}) {
        const auto r = hoc::tools::runProcess({"/bin/sh", "-c", "kill -" + std::to_string(signal) + " $$"},
                                              (dir / "log").string(), 60);
        EXPECT_TRUE(r.started);
        EXPECT_EQ(r.signal, signal) << r.describe();
    }
    EXPECT_FALSE(fs::exists(dir / "core")) << "a core file";
}

namespace {

// Every file under `dir` with its size and contents: what a refused runner must leave as it was.
std::map<std::string, std::string> snapshot(const fs::path& dir)
{
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        files[entry.path().string()] = entry.is_regular_file()
                                           ? readText(entry.path())
                                           : "(" + std::to_string(static_cast<int>(entry.symlink_status().type())) +
                                                 ")";
    return files;
}

}  // namespace

// --out is locked for the run: a second runner given the same folder is refused with exit
// 2 and changes nothing there (it neither deletes the first one's files nor writes its own).
TEST(Runner, SecondRunnerOnTheSameFolderIsRefused)
{
    const fs::path dir = scratch("lock");
    const fs::path first = scriptCourse(
        dir, {{"Sleeper", "echo $$ > " + (dir / "sleeper.pid").string() + "\nexec sleep 600\n"}});
    const pid_t runnerPid = startRunner(
        {"--course", first.string(), "--out", (dir / "out").string(), "--no-roofline", "--device", testDeviceIndex()},
        dir / "first.log");
    ASSERT_GT(pidIn(dir / "sleeper.pid", 60), 0) << readText(dir / "first.log");
    const auto before = snapshot(dir / "out");

    fs::create_directories(dir / "second");
    const fs::path second = scriptCourse(dir / "second", {{"Second", marks(dir / "second-ran")}});
    const auto [status, log] = runnerIn(dir / "second", {"--course", second.string(), "--out", (dir / "out").string(),
                                                         "--no-roofline", "--device", testDeviceIndex()});
    EXPECT_EQ(status, 2) << log;
    EXPECT_NE(log.find("is in use: another hoc-runner is writing its results there"), std::string::npos) << log;
    EXPECT_FALSE(fs::exists(dir / "second-ran")) << "the second runner ran a program";
    EXPECT_EQ(snapshot(dir / "out"), before) << "the second runner changed the first one's folder";

    ::kill(runnerPid, SIGTERM);
    EXPECT_EQ(waitFor(runnerPid, 60), 128 + SIGTERM) << readText(dir / "first.log");
    // Once the first has ended, the folder is free again.
    const auto [again, againLog] = runnerIn(
        dir / "second",
        {"--course", second.string(), "--out", (dir / "out").string(), "--no-roofline", "--device", testDeviceIndex()});
    EXPECT_EQ(again, 0) << againLog;
    EXPECT_TRUE(fs::exists(dir / "second-ran"));
}

// Every path the runner writes is checked before the first program starts. A symbolic link
// (to a file elsewhere) as results.md, .html, .csv or .json, as a file in json/ or logs/, or a folder
// as results.md, is refused with exit 2 before anything runs (not after the whole run), and what it
// points to is left as it was.
TEST(Runner, EveryOutputPathIsCheckedBeforeTheFirstProgram)
{
    const fs::path dir = scratch("output-paths");
    const fs::path course = scriptCourse(dir, {{"First", marks(dir / "ran")}});
    const fs::path target = dir / "precious.txt";
    for (const std::string place : {"results.md", "results.html", "results.csv", "results.json", "json/stale.json",
                                    "logs/stale.log", "results.md/"}) {
        const fs::path out = dir / "out";
        fs::remove_all(out);
        fs::create_directories(out / "json");
        fs::create_directories(out / "logs");
        std::ofstream(out / ".hoc-runner") << "\n";
        std::ofstream(target) << "precious\n";
        if (place.back() == '/')
            fs::create_directories(out / place);
        else
            fs::create_symlink(target, out / place);
        fs::remove(dir / "ran");
        const auto [status, log] = runnerIn(
            dir, {"--course", course.string(), "--out", out.string(), "--no-roofline", "--device", testDeviceIndex()});
        EXPECT_EQ(status, 2) << place << ": " << log;
        EXPECT_NE(log.find(place.back() == '/' ? "is a folder" : "is a symbolic link"), std::string::npos)
            << place << ": " << log;
        EXPECT_FALSE(fs::exists(dir / "ran")) << place << ": a program ran before the refusal";
        EXPECT_EQ(readText(target), "precious\n") << place;
        EXPECT_FALSE(fs::exists(out / "results.json") && !fs::is_symlink(out / "results.json")) << place;
    }
}

// --chartjs accepts only a build of Chart.js (its banner, version 3 or later, the global
// Chart the page calls, the charts and scale it draws): a password file, a device, an ES module
// build are refused with exit 2 before anything runs, and never copied into the page.
TEST(Runner, ChartJsMustBeABuildOfChartJs)
{
    const fs::path dir = scratch("chartjs");
    const fs::path course = scriptCourse(dir, {{"First", marks(dir / "ran")}});
    std::ofstream(dir / "passwd") << "root:x:0:0:root:/root:/bin/bash\ninstructor:x:1000:1000::/home/i:/bin/sh\n";
    std::vector<std::pair<std::string, std::string>> refused = {
        {(dir / "passwd").string(), "bytes, where a build of Chart.js has"},
        {"/dev/zero", "is not a regular file"},
        {(dir / "missing.js").string(), "it cannot be read (No such file"}};
    if (fs::exists("/usr/share/javascript/chart.js/chart.esm.js"))
        refused.push_back({"/usr/share/javascript/chart.js/chart.esm.js", "does not define the global Chart"});
    for (const auto& [file, message] : refused) {
        fs::remove(dir / "ran");
        const auto [status, log] = runnerIn(dir, {"--course", course.string(), "--out", (dir / "out").string(),
                                                  "--no-roofline", "--chartjs", file, "--device", testDeviceIndex()});
        EXPECT_EQ(status, 2) << file << ": " << log;
        EXPECT_NE(log.find("--chartjs " + file + " is not a build of Chart.js: it"), std::string::npos) << log;
        EXPECT_NE(log.find(message), std::string::npos) << file << ": " << log;
        EXPECT_FALSE(fs::exists(dir / "ran")) << file << ": a program ran before the refusal";
        EXPECT_FALSE(fs::exists(dir / "out" / "results.html")) << file;
    }
    // A password file padded to the size of Chart.js is still not Chart.js.
    std::string padded = readText(dir / "passwd");
    padded.resize(200 * 1024, '#');
    EXPECT_NE(hoc::tools::chartJsProblem(padded).find("banner"), std::string::npos);
    // Debian's build is accepted and inlined.
    for (const auto& candidate : hoc::tools::chartJsCandidates())
        if (fs::exists(candidate)) {
            EXPECT_EQ(hoc::tools::chartJsProblem(readText(candidate)), "") << candidate;
            const auto [status,
                        log] = runnerIn(dir, {"--course", course.string(), "--out", (dir / "out").string(),
                                              "--no-roofline", "--chartjs", candidate, "--device", testDeviceIndex()});
            EXPECT_EQ(status, 0) << log;
            EXPECT_NE(readText(dir / "out" / "results.html").find("Chart.js v"), std::string::npos);
            break;
        }
}
