// build/course.txt, written by CMake (cmake/HocCourse.cmake): one line per solution program in
// course order, four fields separated by tabs:
//   folder <TAB> program path <TAB> arguments of a normal run <TAB> arguments of a --quick run
#pragma once

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace hoc::tools {

struct CourseEntry {
    std::string folder;                  // the exercise folder, as course.json names it
    std::string program;                 // the program's path
    std::vector<std::string> runArgs;    // RUN_ARGS
    std::vector<std::string> quickArgs;  // QUICK_ARGS

    std::string programName() const;  // the file name of `program`
};

// What is wrong with a course list (hoc-runner: exit 2, the user's input). `missing`: the file does
// not exist (for hoc-runner's default, build/course.txt, a build not made yet rather than a mistake).
struct CourseFileError : std::runtime_error {
    explicit CourseFileError(const std::string& what, bool missing = false) : std::runtime_error(what), missing(missing)
    {
    }
    bool missing;
};

// The largest course list read (the course's is a few kilobytes).
inline constexpr long kMaxCourseFileBytes = 1 << 20;

// Reads the course list; blank lines (and a '\r' before each line's end) are skipped. Throws
// CourseFileError naming the line when a line has no folder or program, more than four fields, or
// a control character other than the tab. Every entry has a folder and a program free of tabs and
// control characters, and arguments that are words without blanks (tests/fuzz/fuzz_course_file.cpp
// holds the parser to that).
std::vector<CourseEntry> readCourse(std::istream& in);
// The same from a file, which must be a regular file of at most kMaxCourseFileBytes naming at least
// one program: a missing file, a folder, a device, a pipe, an empty file throw CourseFileError.
std::vector<CourseEntry> readCourseFile(const std::string& path);

// "--size 1024  --repeats 3" -> {"--size", "1024", "--repeats", "3"} (CMake joined the words with spaces).
std::vector<std::string> splitWords(const std::string& text);

}  // namespace hoc::tools
