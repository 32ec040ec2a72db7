// Cli's file writer: hoc::writeFile never follows or destroys what the
// user pointed at and catches every write error; --json keeps the report's file up to date.
#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "hoc/common/errors.hpp"
#include "hoc/common/files.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/report.hpp"
#include "hoc_unit_test.hpp"

namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& path)
{
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every name in `dir`.
std::vector<std::string> names(const fs::path& dir)
{
    std::vector<std::string> all;
    for (const auto& entry : fs::directory_iterator(dir))
        all.push_back(entry.path().filename().string());
    std::sort(all.begin(), all.end());
    return all;
}

}  // namespace

TEST(Files, WritesANewFileAndReplacesItWhole)
{
    const fs::path dir = scratch();
    const std::string file = (dir / "out.json").string();
    hoc::writeFile(file, "{\"a\": 1}\n", "--json", hoc::looksLikeJson);
    EXPECT_EQ(readText(file), "{\"a\": 1}\n");
    EXPECT_EQ(fs::status(file).permissions() & fs::perms::owner_write, fs::perms::owner_write);
    EXPECT_EQ(fs::status(file).permissions() & fs::perms::others_write, fs::perms::none) << "0666 less the umask";
    hoc::writeFile(file, "{\"b\": 2}\n", "--json", hoc::looksLikeJson);
    EXPECT_EQ(readText(file), "{\"b\": 2}\n");
    EXPECT_EQ(names(dir), std::vector<std::string>{"out.json"}) << "no temporary file may be left";
}

// Item 1 and 7: a link, a folder, a pipe or a device is refused and left as it is.
TEST(Files, RefusesWhatIsNotARegularFile)
{
    const fs::path dir = scratch();
    std::ofstream(dir / "target.json") << "{\"kept\": true}\n";
    fs::create_symlink(dir / "target.json", dir / "link.json");
    fs::create_symlink(dir / "nowhere.json", dir / "dangling.json");
    fs::create_directory(dir / "folder.json");
    ASSERT_EQ(::mkfifo((dir / "pipe.json").c_str(), 0644), 0);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {(dir / "link.json").string(), "is a symbolic link"},
        {(dir / "dangling.json").string(), "is a symbolic link"},
        {(dir / "folder.json").string(), "is a folder"},
        {(dir / "pipe.json").string(), "is a pipe"},
        {"/dev/null", "is a device"},
        {"/dev/full", "is a device"},
    };
    for (const auto& [path, why] : cases) {
        const std::string message = failureOf([&] { hoc::writeFile(path, "{}\n", "--json", hoc::looksLikeJson); });
        EXPECT_NE(message.find("--json " + path + " " + why), std::string::npos) << path << ": " << message;
        EXPECT_EQ(failureOf([&] { hoc::checkWritable(path, "--json"); }), message) << path;
    }
    EXPECT_EQ(readText(dir / "target.json"), "{\"kept\": true}\n");
    EXPECT_EQ(fs::symlink_status(dir / "link.json").type(), fs::file_type::symlink);
    EXPECT_FALSE(fs::exists(dir / "nowhere.json")) << "a dangling link must not be followed";
    EXPECT_EQ(fs::symlink_status(dir / "pipe.json").type(), fs::file_type::fifo);
    EXPECT_EQ(names(dir),
              (std::vector<std::string>{"dangling.json", "folder.json", "link.json", "pipe.json", "target.json"}));
}

// Item 1: a file named by mistake (not what the program writes) is left alone.
TEST(Files, RefusesAFileNamedByMistake)
{
    const fs::path dir = scratch();
    std::ofstream(dir / "main.cpp") << "int main() { return 0; }\n";
    const std::string message = failureOf(
        [&] { hoc::writeFile((dir / "main.cpp").string(), "{}\n", "--json", hoc::looksLikeJson); });
    EXPECT_NE(message.find("is not a file this program writes"), std::string::npos) << message;
    EXPECT_EQ(readText(dir / "main.cpp"), "int main() { return 0; }\n");
    // An empty file or an earlier JSON is replaced.
    std::ofstream(dir / "empty.json").close();
    EXPECT_EQ(failureOf([&] { hoc::writeFile((dir / "empty.json").string(), "{}\n", "--json", hoc::looksLikeJson); }),
              "");
    EXPECT_EQ(readText(dir / "empty.json"), "{}\n");
}

TEST(Files, RefusesAnEmptyNameAndAMissingFolder)
{
    EXPECT_EQ(failureOf([] { hoc::writeFile("", "{}", "--json"); }), "--json: no file name given");
    const std::string missing = failureOf([] { hoc::writeFile("/nonexistent-folder/x.json", "{}", "--json"); });
    EXPECT_NE(missing.find("the folder /nonexistent-folder does not exist"), std::string::npos) << missing;
    const std::string folder = failureOf([] { hoc::writeFile("/tmp/", "{}", "--json"); });
    EXPECT_NE(folder.find("names a folder"), std::string::npos) << folder;
}

// Item 7: a write error (here the file-size limit, as a full disk would) is caught, the old file is
// left as it was and the temporary file removed.
TEST(Files, WriteErrorLeavesTheOldFileAndNoTemporaryFile)
{
    const fs::path dir = scratch();
    const std::string file = (dir / "results.json").string();
    hoc::writeFile(file, "{\"old\": true}\n", "--json");
    rlimit saved{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = saved;
    small.rlim_cur = 4096;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    const std::string message = failureOf(
        [&] { hoc::writeFile(file, "{\"new\": \"" + std::string(1 << 20, 'x') + "\"}\n", "--json"); });
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);
    EXPECT_NE(message.find("could not write --json " + file + ": write: File too large (the file is left as it was)"),
              std::string::npos)
        << message;
    EXPECT_EQ(readText(file), "{\"old\": true}\n");
    EXPECT_EQ(names(dir), std::vector<std::string>{"results.json"}) << "the temporary file must be removed";
}

// Item 7: the report's JSON is rewritten after every result ("finished": false), so an error later
// in the run (matmul_table's second size) loses nothing measured before it.
TEST(Files, ReportKeepsItsJsonUpToDate)
{
    const fs::path dir = scratch();
    std::ostringstream printed;
    hoc::Report report(printed);
    report.setProgram("Exercise", "program");
    hoc::keepJsonUpToDate(report, (dir / "r.json").string());
    report.add({"first", "N = 16", true, "all correct", 0.1, 1, "GB/s", {}});
    auto doc = nlohmann::json::parse(readText(dir / "r.json"));
    EXPECT_FALSE(doc["finished"].get<bool>());
    ASSERT_EQ(doc["results"].size(), 1u);
    EXPECT_EQ(doc["results"][0]["size"], "N = 16");
    report.add({"second", "N = 32", true, "all correct", 0.1, 1, "GB/s", {}});
    doc = nlohmann::json::parse(readText(dir / "r.json"));
    EXPECT_EQ(doc["results"].size(), 2u);
    EXPECT_TRUE(nlohmann::json::parse(report.json())["finished"].get<bool>());
}
