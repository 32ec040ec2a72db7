#include "hoc/tools/course.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

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

std::vector<CourseEntry> readCourse(std::istream& in)
{
    std::vector<CourseEntry> entries;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (;;) {
            const auto tab = line.find('\t', start);
            fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos)
                break;
            start = tab + 1;
        }
        if (fields.size() < 2 || fields[0].empty() || fields[1].empty())
            throw std::runtime_error("course list line " + std::to_string(number) +
                                     " is not 'folder<TAB>program<TAB>run args<TAB>quick args': " + line);
        fields.resize(4);
        entries.push_back({fields[0], fields[1], splitWords(fields[2]), splitWords(fields[3])});
    }
    return entries;
}

std::vector<CourseEntry> readCourseFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error("cannot read the course list " + path +
                                 " (CMake writes it when it configures the build: script/build)");
    return readCourse(in);
}

}  // namespace hoc::tools
