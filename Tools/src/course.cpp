#include "hoc/tools/course.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace hoc::tools {

std::string CourseEntry::programName() const
{
    const auto slash = program.find_last_of('/');
    return slash == std::string::npos ? program : program.substr(slash + 1);
}

std::vector<std::string> splitWords(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string word; in >> word;)
        words.push_back(word);
    return words;
}

namespace {

const char* const kShape = "'folder<TAB>program<TAB>run args<TAB>quick args'";

// The line as a message may show it: at most 120 characters, control characters as '?'.
std::string shown(const std::string& line)
{
    std::string text = line.substr(0, 120);
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return text + (line.size() > 120 ? "..." : "");
}

}  // namespace

std::vector<CourseEntry> readCourse(std::istream& in)
{
    std::vector<CourseEntry> entries;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (!line.empty() && line.back() == '\r')  // a list saved with Windows line ends
            line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos)
            continue;
        auto refuse = [&](const std::string& why) {
            throw CourseFileError("course list line " + std::to_string(number) + " " + why + ": " + shown(line));
        };
        for (const char c : line)
            if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f)
                refuse("holds a control character (a course list is text CMake writes)");
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (;;) {
            const auto tab = line.find('\t', start);
            fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos)
                break;
            start = tab + 1;
        }
        const auto blank = [](const std::string& field) { return field.find_first_not_of(' ') == std::string::npos; };
        if (fields.size() < 2 || fields.size() > 4 || blank(fields[0]) || blank(fields[1]))
            refuse(std::string("is not ") + kShape);
        fields.resize(4);
        entries.push_back({fields[0], fields[1], splitWords(fields[2]), splitWords(fields[3])});
    }
    if (in.bad())
        throw CourseFileError("the course list could not be read");
    return entries;
}

std::vector<CourseEntry> readCourseFile(const std::string& path)
{
    const std::string hint = " (CMake writes build/course.txt when it configures the build: script/build)";
    struct stat info{};
    if (path.empty())
        throw CourseFileError("no course list given" + hint);
    if (::stat(path.c_str(), &info) != 0)
        throw CourseFileError("cannot read the course list " + path + ": " + std::strerror(errno) + hint,
                              errno == ENOENT);
    if (S_ISDIR(info.st_mode))
        throw CourseFileError("the course list " + path + " is a folder, not a file" + hint);
    if (!S_ISREG(info.st_mode))
        throw CourseFileError("the course list " + path + " is not a regular file (a device, a pipe or a socket)" +
                              hint);
    // A course list is a line per program, a few kilobytes; a file of megabytes is something else.
    if (info.st_size > kMaxCourseFileBytes)
        throw CourseFileError("the course list " + path + " has " + std::to_string(info.st_size) +
                              " bytes, more than a course list's " + std::to_string(kMaxCourseFileBytes) + hint);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw CourseFileError("cannot read the course list " + path + ": " + std::strerror(errno) + hint);
    std::vector<CourseEntry> entries;
    try {
        entries = readCourse(in);
    } catch (const CourseFileError& e) {
        throw CourseFileError(path + ": " + e.what());
    }
    if (entries.empty())
        throw CourseFileError("the course list " + path + " names no program (" +
                              (info.st_size == 0 ? "it is empty" : "it has blank lines only") + "; each line is " +
                              kShape + ")" + hint);
    return entries;
}

}  // namespace hoc::tools
