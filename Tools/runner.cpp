// hoc-runner: the instructor's run (script/run builds the course and calls it).
//
// On each chosen device it runs the roofline probe (hoc-roofline: peak bandwidth and peak FP32
// rate), then every solution program of build/course.txt in course order, each as a child process
// with --device N --json FILE, so a program that fails, crashes or hangs costs only its own rows.
// It shows progress (a line every few seconds while a program runs, with the last line it printed),
// prints the results as a Markdown table (devices side by side), and writes results.html (the page
// to open in a browser: table and charts, Chart.js inlined), results.md, results.csv and
// results.json to the output folder, with every program's own JSON in json/ and its output in logs/.
//
// The output folder is the runner's own: a new or empty folder, or one an earlier run wrote (it holds
// the file .hoc-runner); any other is refused, and only the files the runner writes are ever removed
// there. It is locked for the run (flock on .hoc-runner): a second runner given the same folder is
// refused and changes nothing there. Every path the runner will write (results.*, json/, logs/ and
// the files in them) is checked before the first program starts: a symbolic link, a folder or a
// device where a file of ours goes is refused then, not after the run. Every file is written through
// hoc::writeFile (complete or not at all). --chartjs must be a build of Chart.js (html.hpp says what
// that means), checked before the run too: no other file is ever copied into the page.
// SIGINT (Ctrl-C), SIGTERM or SIGHUP (the terminal closed) is passed on to the program running,
// which is waited for; the results of the runs that finished are then written as usual, the
// interrupted run and those not started marked as such, and the runner exits with 128 + the
// signal's number (130 for SIGINT). The programs die with the runner however it ends, SIGKILL
// included (process.hpp: each runs in a process group of its own with a parent-death signal).
//
// Exit status: 0 every program finished and every result is correct; 1 otherwise; 2 the user's
// input: a bad command line, a course list that is not one (a folder, an empty file, a line that is
// not a course entry), --only matching no program, --chartjs not Chart.js, an output folder that is
// not the runner's, is in use by another runner, or holds a link where an output file goes; 3
// nothing could run (no build/course.txt when --course is not given, no OpenCL device);
// 129 / 130 / 143 interrupted by SIGHUP / SIGINT / SIGTERM.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "hoc/cli/cli.hpp"
#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/files.hpp"
#include "hoc/tools/course.hpp"
#include "hoc/tools/html.hpp"
#include "hoc/tools/process.hpp"
#include "hoc/tools/results.hpp"
#include "hoc/tools/writers.hpp"

namespace fs = std::filesystem;
using namespace hoc::tools;

namespace {

// The probe's arguments: a normal run gives stable roofs, a quick one takes about a second.
const std::vector<std::string> kProbeArgs = {"--size", "67108864", "--iterations", "4096", "--repeats", "10"};
const std::vector<std::string> kProbeQuickArgs = {"--size",       "8388608", "--read-size", "33554432",
                                                  "--iterations", "1024",    "--repeats",   "3"};

struct Options {
    std::string course = "build/course.txt";
    std::string out = "build/results";
    std::string device;    // "all", "N" or "N,M,..."; empty: the programs' default device
    std::string platform;  // with no --device: the device --platform TEXT picks
    bool quick = false;
    std::vector<std::string> only;
    double timeout = 0;  // 0: 900 s, 300 s with --quick
    bool noRoofline = false;
    bool verbose = false;
    bool list = false;
    std::string probe;         // hoc-roofline; default: next to this program
    std::string chartJs;       // Chart.js for results.html; default: the first of chartJsCandidates()
    double progressEvery = 5;  // seconds between progress lines while a program runs
};

// One program to run on one device.
struct Job {
    std::string folder, program, path;
    std::vector<std::string> args;
    DeviceInfo device;
};

DeviceInfo infoOf(const hoc::DeviceEntry& entry)
{
    return {static_cast<int>(entry.index), entry.device.getInfo<CL_DEVICE_NAME>(),
            hoc::deviceTypeName(entry.device.getInfo<CL_DEVICE_TYPE>()), entry.platform.getInfo<CL_PLATFORM_NAME>()};
}

// The devices asked for, as --list numbers them.
std::vector<DeviceInfo> chooseDevices(const Options& options)
{
    const auto all = hoc::allDevices();
    std::vector<DeviceInfo> chosen;
    if (options.device == "all") {
        // With --platform: every device of the platforms whose name or vendor contains the text.
        auto lower = [](std::string text) {
            for (char& c : text)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            return text;
        };
        for (const auto& entry : all) {
            const std::string names = lower(entry.platform.getInfo<CL_PLATFORM_NAME>() + "\n" +
                                            entry.platform.getInfo<CL_PLATFORM_VENDOR>());
            if (names.find(lower(options.platform)) != std::string::npos)
                chosen.push_back(infoOf(entry));
        }
        if (chosen.empty())
            throw hoc::UsageError("--platform '" + options.platform + "' matches no platform (see --list)");
        return chosen;
    }
    if (!options.device.empty()) {
        std::stringstream list(options.device);
        for (std::string item; std::getline(list, item, ',');) {
            const cl::Device device = hoc::chooseDevice({item, options.platform});  // checks the index
            for (const auto& entry : all)
                if (entry.device() == device())
                    chosen.push_back(infoOf(entry));
        }
        return chosen;
    }
    const cl::Device device = hoc::chooseDevice({"", options.platform});  // --platform, HOC_DEVICE, first GPU
    for (const auto& entry : all)
        if (entry.device() == device())
            chosen.push_back(infoOf(entry));
    return chosen;
}

// The last line a program printed (its current step), at most `width` characters; "" when none.
std::string lastLine(const std::string& logPath, std::size_t width)
{
    std::ifstream in(logPath);
    std::string line, last;
    while (std::getline(in, line))
        if (line.find_first_not_of(" \t\r") != std::string::npos && line[0] != '$')
            last = line;
    const auto start = last.find_first_not_of(" \t");
    last = start == std::string::npos ? "" : last.substr(start);
    if (last.size() > width)
        last = last.substr(0, width - 3) + "...";
    return last;
}

// The line of a program's output that says why it failed: its last "error:" line, else its last line.
std::string errorLine(const std::string& logPath)
{
    std::ifstream in(logPath);
    std::string line, last, error;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        last = line;
        if (line.rfind("error:", 0) == 0)
            error = line;
    }
    std::string text = error.empty() ? last : error;
    if (text.size() > 200)
        text = text.substr(0, 197) + "...";
    return text;
}

std::string safeName(std::string text)
{
    for (char& c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
            c = '_';
    return text;
}

std::string twoDigits(std::size_t n, std::size_t total)
{
    std::ostringstream s;
    s << std::setw(std::to_string(total).size()) << std::setfill('0') << n;
    return s.str();
}

void writeNew(const std::string& path, const std::string& text);

Run runJob(const Job& job, std::size_t number, std::size_t total, const Options& options, const fs::path& out)
{
    const std::string stem = twoDigits(number, total) + "_" + safeName(job.folder) + "_" + safeName(job.program) +
                             "_dev" + std::to_string(job.device.index);
    Run run;
    run.folder = job.folder;
    run.program = job.program;
    run.device = job.device;
    run.jsonPath = (out / "json" / (stem + ".json")).string();
    run.logPath = (out / "logs" / (stem + ".log")).string();

    std::vector<std::string> argv = {job.path};
    argv.insert(argv.end(), job.args.begin(), job.args.end());
    for (const std::string& word :
         {std::string("--device"), std::to_string(job.device.index), std::string("--json"), run.jsonPath})
        argv.push_back(word);
    {
        std::string command = "$";
        for (const auto& a : argv)
            command += " " + a;
        writeNew(run.logPath, command + "\n");
    }

    std::cerr << "[" << std::setw(std::to_string(total).size()) << number << "/" << total << "] " << job.folder << " "
              << job.program << " on " << job.device.label() << " ... " << std::flush;
    const double limit = options.timeout > 0 ? options.timeout : options.quick ? 300 : 900;
    // While it runs: a line every few seconds with the time so far and the last line it printed.
    double nextProgress = options.progressEvery;
    bool progressShown = false;
    auto progress = [&](double seconds) {
        if (options.progressEvery <= 0 || seconds < nextProgress)
            return;
        nextProgress += options.progressEvery;
        const std::string step = lastLine(run.logPath, 100);
        std::cerr << (progressShown ? "" : "\n") << "      ... " << std::fixed << std::setprecision(0) << seconds
                  << " s" << (step.empty() ? "" : ": " + step) << "\n"
                  << std::flush;
        progressShown = true;
    };
    const ProcessResult ended = runProcess(argv, run.logPath, limit, progress);
    if (progressShown)
        std::cerr << "      " << job.folder << " " << job.program << ": ";
    run.seconds = ended.seconds;

    // Exit 0 (all correct) and 1 (a result wrong) both leave the results file.
    const bool exitedNormally = ended.started && !ended.timedOut && ended.signal == 0 &&
                                (ended.exitCode == 0 || ended.exitCode == 1);
    // A program that exits normally but whose file says it did not finish ("finished": false) stopped
    // early without saying so by its status: a failure, its results kept, its last error line the reason.
    ResultFileState state = ResultFileState::Usable;
    std::string readProblem = exitedNormally ? readResultFile(run.jsonPath, run.doc, &state) : "";
    run.finished = exitedNormally && readProblem.empty();
    if (!run.finished) {
        std::string why = ended.describe();
        // A program course.txt lists that the build did not make (configured after a package such as
        // Open MPI was installed, and not built since): said as such, with what to do.
        std::error_code missing;
        if (!ended.started && !fs::exists(job.path, missing))
            why = "not built: " + job.path +
                  " does not exist (the course was configured with it and not built "
                  "since: run script/build)";
        const std::string line = ended.started ? errorLine(run.logPath) : "";
        if (!readProblem.empty())
            why += ", " + readProblem;
        if (!line.empty() && (readProblem.empty() || state == ResultFileState::Unfinished))
            why += ": " + line;
        run.problem = why;
    }

    std::ostringstream time;
    time << std::fixed << std::setprecision(1) << ended.seconds << " s";
    if (!run.finished)
        std::cerr << "FAILED (" << time.str() << "): " << run.problem << "\n";
    else if (ended.exitCode == 1)
        std::cerr << "WRONG result (" << time.str() << ")\n";
    else
        std::cerr << "ok (" << time.str() << ")\n";
    if (options.verbose) {
        std::ifstream log(run.logPath);
        std::cerr << log.rdbuf() << "\n";
    }
    return run;
}

bool selected(const CourseEntry& entry, const std::vector<std::string>& only)
{
    if (only.empty())
        return true;
    for (const auto& text : only)
        if (entry.folder.find(text) != std::string::npos || entry.programName().find(text) != std::string::npos)
            return true;
    return false;
}

void writeFile(const fs::path& path, const std::string& text)
{
    hoc::writeFile(path.string(), text, "hoc-runner's output");
}

// The file that marks a folder as hoc-runner's output folder.
const char* kMarker = ".hoc-runner";

// A folder an earlier hoc-runner wrote before folders were marked: its results.json has "runs".
// A results.json larger than a run of the whole course writes, or nested deeper, is no runner's.
bool earlierResults(const fs::path& out)
{
    std::error_code error;
    const auto size = fs::file_size(out / "results.json", error);
    if (error || size > 64 * kMaxResultFileBytes)
        return false;
    std::ifstream in(out / "results.json");
    struct TooDeep {};
    try {
        return in && nlohmann::json::parse(in, [](int depth, nlohmann::json::parse_event_t event, nlohmann::json&) {
                         if (depth >= kMaxResultFileDepth && (event == nlohmann::json::parse_event_t::object_start ||
                                                              event == nlohmann::json::parse_event_t::array_start))
                             throw TooDeep{};
                         return true;
                     }).contains("runs");
    } catch (const nlohmann::json::exception&) {
        return false;
    } catch (const TooDeep&) {
        return false;
    }
}

// The names of the files the runner writes in the output folder, and of the files in json/ and logs/.
const char* const kOutputFiles[] = {"results.html", "results.md", "results.csv", "results.json"};
const char* const kEarlierFiles[] = {"progression.svg", "roofline.svg"};  // an earlier version's, removed
bool ourEntry(const fs::path& path) { return path.extension() == ".json" || path.extension() == ".log"; }

std::string typeName(fs::file_type type)
{
    switch (type) {
    case fs::file_type::symlink: return "a symbolic link";
    case fs::file_type::directory: return "a folder";
    case fs::file_type::regular: return "a file";
    default: return "a device, pipe or socket";
    }
}

// Everything the run will write in `out`, checked before anything is written: refused (UsageError)
// when `out` is not a folder of the runner's own, or when a path it writes is not a regular file (or,
// for json/ and logs/, a folder): a symbolic link, a folder, a device. Writes nothing.
void checkOutputFolder(const fs::path& out)
{
    if (out.empty())
        throw hoc::UsageError("--out: no folder given (the results need a folder of their own)");
    const auto status = fs::status(out);
    if (fs::exists(status) && !fs::is_directory(status))
        throw hoc::UsageError("--out " + out.string() + " is not a folder");
    if (!fs::exists(status)) {
        // It will be made: its nearest existing parent must be a folder we can write in.
        fs::path parent = fs::absolute(out).parent_path();
        while (!parent.empty() && !fs::exists(parent) && parent != parent.root_path())
            parent = parent.parent_path();
        if (!fs::is_directory(parent) || ::access(parent.c_str(), W_OK | X_OK) != 0)
            throw hoc::UsageError("--out " + out.string() + " cannot be made (" + parent.string() +
                                  " is not a folder this user may write in)");
        return;
    }
    if (::access(out.c_str(), W_OK | X_OK) != 0)
        throw hoc::UsageError("--out " + out.string() + " is a folder this user may not write in");
    if (!fs::is_empty(out) && !fs::exists(fs::symlink_status(out / kMarker)) && !earlierResults(out))
        throw hoc::UsageError("--out " + out.string() + " holds files hoc-runner did not write (it has no " + kMarker +
                              " file): give a new or empty folder, or one an earlier run wrote");
    const auto marker = fs::symlink_status(out / kMarker).type();
    if (marker != fs::file_type::not_found && marker != fs::file_type::regular)
        throw hoc::UsageError("--out " + out.string() + ": " + kMarker + " is " + typeName(marker) +
                              ", not the file hoc-runner keeps there");
    for (const char* name : kOutputFiles) {
        const auto type = fs::symlink_status(out / name).type();
        if (type != fs::file_type::not_found && type != fs::file_type::regular)
            throw hoc::UsageError("--out " + out.string() + ": " + name + " is " + typeName(type) +
                                  "; hoc-runner writes its own " + name +
                                  " there (remove it, or give another "
                                  "--out)");
    }
    for (const char* sub : {"json", "logs"}) {
        const auto type = fs::symlink_status(out / sub).type();
        if (type == fs::file_type::not_found)
            continue;
        if (type != fs::file_type::directory)
            throw hoc::UsageError("--out " + out.string() + ": " + sub +
                                  " is not a folder (a link or a file); "
                                  "hoc-runner writes its own " +
                                  sub + "/ there");
        for (const auto& entry : fs::directory_iterator(out / sub))
            if (ourEntry(entry.path()) && entry.symlink_status().type() != fs::file_type::regular)
                throw hoc::UsageError("--out " + out.string() + ": " + sub + "/" + entry.path().filename().string() +
                                      " is " + typeName(entry.symlink_status().type()) +
                                      " where hoc-runner writes its own " +
                                      (sub == std::string("json") ? "results" : "logs") + " (remove it)");
    }
}

// The lock on the output folder, held until the runner ends (the kernel releases it then, however
// the runner ends).
int outputLock = -1;

// Makes `out` the output folder for this run: checks it (checkOutputFolder), locks it against a
// second runner (which is then refused, having changed nothing), checks it again under the lock,
// and clears what an earlier run left there: the files this program writes, nothing else, never
// through a link.
void prepareFolder(const fs::path& out)
{
    checkOutputFolder(out);
    std::error_code error;
    fs::create_directories(out, error);
    if (error)
        throw hoc::UsageError("--out " + out.string() + " cannot be made: " + error.message());
    const fs::path marker = out / kMarker;
    outputLock = ::open(marker.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (outputLock < 0)
        throw hoc::UsageError("--out " + out.string() + ": cannot open " + marker.string() + ": " +
                              std::strerror(errno));
    if (::flock(outputLock, LOCK_EX | LOCK_NB) != 0)
        throw hoc::UsageError("--out " + out.string() +
                              " is in use: another hoc-runner is writing its results "
                              "there (it holds the lock on " +
                              marker.string() +
                              "); wait for it to finish, or "
                              "give another --out");
    checkOutputFolder(out);  // as it is now that no other runner can change it

    const std::string text = "This folder holds hoc-runner's results; a new run replaces them.\n";
    if (::ftruncate(outputLock, 0) != 0 ||
        ::pwrite(outputLock, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size()))
        throw hoc::Failure("cannot write " + marker.string() + ": " + std::strerror(errno));
    fs::create_directories(out / "json");
    fs::create_directories(out / "logs");
    for (const char* sub : {"json", "logs"})
        for (const auto& entry : fs::directory_iterator(out / sub))
            if (entry.symlink_status().type() == fs::file_type::regular && ourEntry(entry.path()))
                fs::remove(entry.path());
    for (const auto& names : {std::vector<const char*>(std::begin(kOutputFiles), std::end(kOutputFiles)),
                              std::vector<const char*>(std::begin(kEarlierFiles), std::end(kEarlierFiles))})
        for (const char* name : names)
            if (fs::symlink_status(out / name).type() == fs::file_type::regular)
                fs::remove(out / name);
}

// A new file with `text` (the first line of a program's log, whose earlier copy prepareFolder
// removed), never through a symbolic link. A log that cannot be written costs only that program's
// run: runProcess cannot open it either, and says so in the run's row.
void writeNew(const std::string& path, const std::string& text)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    [[maybe_unused]] const auto written = ::write(fd, text.data(), text.size());
    ::close(fd);
}

std::string programFolder()
{
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    return error ? std::string(".") : self.parent_path().string();
}

std::string now()
{
    const std::time_t t = std::time(nullptr);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S%z", std::localtime(&t));
    return text;
}

int runCourse(const Options& options, const std::vector<std::string>& commandLine)
{
    if (options.list) {
        hoc::printDeviceList(std::cout);
        return 0;
    }
    std::vector<CourseEntry> course;
    for (auto& entry : readCourseFile(options.course))
        if (selected(entry, options.only))
            course.push_back(std::move(entry));
    if (course.empty()) {
        std::string only;
        for (const auto& text : options.only)
            only += (only.empty() ? "'" : ", '") + text + "'";
        throw hoc::UsageError("no program of " + options.course + " matches --only " + only +
                              " (a text in a folder's or a program's name)");
    }
    const auto devices = chooseDevices(options);
    const std::string chartJs = readChartJs(options.chartJs);  // before the run: a wrong file is refused now
    const std::string probe = options.probe.empty() ? programFolder() + "/hoc-roofline" : options.probe;

    // The probe first on every device (the roofs), then the course in order, each program on every device.
    std::vector<Job> jobs;
    if (!options.noRoofline)
        for (const auto& device : devices)
            jobs.push_back(
                {kProbeExercise, "hoc-roofline", probe, options.quick ? kProbeQuickArgs : kProbeArgs, device});
    for (const auto& entry : course)
        for (const auto& device : devices)
            jobs.push_back({entry.folder, entry.programName(), entry.program,
                            options.quick ? entry.quickArgs : entry.runArgs, device});

    const fs::path out = options.out;
    prepareFolder(out);
    std::cerr << "Running " << course.size() << " program" << (course.size() == 1 ? "" : "s")
              << (options.noRoofline ? "" : " and the roofline probe") << " on " << devices.size() << " device"
              << (devices.size() == 1 ? "" : "s") << (options.quick ? " (quick sizes)" : "") << ":\n";
    for (const auto& d : devices)
        std::cerr << "  " << d.label() << ": " << d.name << " (" << d.platform << ")\n";

    const auto start = std::chrono::steady_clock::now();
    std::vector<Run> runs;
    passOnStopSignals();  // from here on a Ctrl-C (or SIGTERM, SIGHUP) stops the program running, and the results are
                          // written
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (const int signal = stopSignal()) {  // the jobs not started are marked, not dropped
            Run skipped;
            skipped.folder = jobs[i].folder;
            skipped.program = jobs[i].program;
            skipped.device = jobs[i].device;
            skipped.finished = false;
            skipped.problem = std::string("not run: the run was interrupted (SIG") + sigabbrev_np(signal) + ")";
            runs.push_back(std::move(skipped));
            continue;
        }
        runs.push_back(runJob(jobs[i], i + 1, jobs.size(), options, out));
    }
    const int interrupted = stopSignal();
    if (interrupted)
        std::cerr << "\nInterrupted (SIG" << sigabbrev_np(interrupted)
                  << "): writing the results of the runs that "
                     "finished.\n";
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    const Table table = buildTable(runs);
    const std::string md = markdown(table);
    std::cout << "\n" << md << std::flush;

    nlohmann::json doc = toJson(table);
    doc["command"] = commandLine;
    doc["quick"] = options.quick;
    doc["interrupted"] = interrupted != 0;
    doc["started"] = now();
    doc["seconds"] = seconds;
    doc["runs"] = nlohmann::json::array();
    for (const auto& run : runs)
        doc["runs"].push_back({{"exercise", run.folder},
                               {"program", run.program},
                               {"device", run.device.index},
                               {"finished", run.finished},
                               {"problem", run.problem},
                               {"seconds", run.seconds},
                               {"json", run.jsonPath},
                               {"log", run.logPath}});
    writeFile(out / "results.html", html(table, doc, chartJs));
    writeFile(out / "results.md", md);
    writeFile(out / "results.csv", csv(table));
    writeFile(out / "results.json", doc.dump(2) + "\n");
    const std::vector<std::string> written = {"results.html", "results.md", "results.csv", "results.json"};
    if (chartJs.empty())
        std::cerr << "note: Chart.js not found (Debian's libjs-chart.js, or --chartjs FILE): results.html has the "
                     "table without its charts\n";

    std::cerr << "\n"
              << runs.size() << " runs in " << std::fixed << std::setprecision(0) << seconds << " s; "
              << (table.allGood() ? "every result correct"
                                  : std::to_string(table.failures.size()) + " failed" +
                                        (table.failures.empty() ? ", a result is wrong" : ""))
              << ".\nWritten to " << out.string() << "/:";
    for (const auto& name : written)
        std::cerr << " " << name;
    std::cerr << " (each program's JSON in json/, its output in logs/)\n";
    if (interrupted)
        return 128 + interrupted;
    return table.allGood() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv)
{
    CLI::App app("Runs every reference solution in course order on the chosen devices and reports the results");
    Options options;
    app.add_option("--course", options.course, "The course list CMake writes")->capture_default_str();
    app.add_option("--out", options.out, "Folder for the results")->capture_default_str();
    // The option checks are Cli's (hoc/cli/cli.hpp): the same words and messages as every program's.
    app.add_option("--device", options.device,
                   "'all', a device index from --list, or indices separated by commas "
                   "(default: HOC_DEVICE, else the first GPU)")
        ->check(hoc::cli::indexList());
    app.add_option("--platform", options.platform,
                   "A device of the platform whose name or vendor contains this text (with --device all: "
                   "every device of it)")
        ->check(hoc::cli::notBlank());
    app.add_flag("--quick", options.quick, "The small sizes of a classroom demo (QUICK_ARGS)");
    app.add_option("--only", options.only, "Run only programs whose folder or name contains this text (repeatable)");
    app.add_option("--timeout", options.timeout, "Seconds a program may run (default 900, 300 with --quick)")
        ->check(hoc::cli::seconds(0, 7 * 24 * 3600, true));
    app.add_flag("--no-roofline", options.noRoofline, "Do not measure the roofs (no roofline chart or fractions)");
    app.add_flag("--verbose", options.verbose, "Print each program's output after it ran");
    app.add_flag("--list", options.list, "List the OpenCL devices with their indices and exit");
    app.add_option("--chartjs", options.chartJs,
                   "Chart.js, copied into results.html (default: Debian's libjs-chart.js, "
                   "/usr/share/javascript/chart.js/chart.min.js)");
    app.add_option("--progress", options.progressEvery,
                   "Seconds between the progress lines shown while a program runs (0: none)")
        ->capture_default_str()
        ->check(hoc::cli::seconds(0, 3600, false));
    app.add_option("--probe", options.probe, "The roofline probe program (default: hoc-roofline beside this one)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;
    }

    const std::vector<std::string> commandLine(argv, argv + argc);
    try {
        return runCourse(options, commandLine);
    } catch (const hoc::UsageError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    } catch (const ChartJsError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    } catch (const CourseFileError& e) {
        std::cerr << "error: " << e.what() << "\n";
        // The default build/course.txt missing is a build not made yet; a file the user named is their input.
        return e.missing && app.count("--course") == 0 ? 3 : 2;
    } catch (const cl::Error& e) {
        std::cerr << "error: OpenCL call " << hoc::describe(e) << "\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
    }
    return 3;
}
