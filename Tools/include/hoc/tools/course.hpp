// build/course.txt, written by CMake (cmake/HocCourse.cmake): one line per solution program in
// course order, four fields separated by tabs:
//   folder <TAB> program path <TAB> arguments of a normal run <TAB> arguments of a --quick run
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace hoc::tools {

struct CourseEntry {
    std::string folder;                  // "Exercise01_Vadd"
    std::string program;                 // the program's path
    std::vector<std::string> runArgs;    // RUN_ARGS
    std::vector<std::string> quickArgs;  // QUICK_ARGS

    std::string programName() const;     // the file name of `program`
};

// Reads the course list; blank lines are skipped. Throws std::runtime_error naming the line
// when a line has no program path.
std::vector<CourseEntry> readCourse(std::istream& in);
std::vector<CourseEntry> readCourseFile(const std::string& path);

// "--size 1024  --repeats 3" -> {"--size", "1024", "--repeats", "3"} (CMake joined the words with spaces).
std::vector<std::string> splitWords(const std::string& text);

}  // namespace hoc::tools
