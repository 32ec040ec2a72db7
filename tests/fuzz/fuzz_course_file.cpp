// libFuzzer target: the course list hoc-runner reads (Tools/src/course.cpp, hoc/tools/course.hpp)
// given arbitrary bytes. It stops (a finding) on a crash, a sanitizer report, an exception other
// than hoc::tools::CourseFileError, or a broken promise of the parser:
//   - every entry has a folder and a program with a character other than a blank, neither holding a
//     tab or any other control character, and arguments that are non-empty words without blanks;
//   - there are no more entries than lines;
//   - the entries written back as the lines CMake writes read back to the same entries (the parser
//     loses or invents nothing);
//   - a refusal names the line ("course list line N") and shows no control character.
// Built and run by tests/fuzz/run --target fuzz_course_file (clang's -fsanitize=fuzzer with
// AddressSanitizer and UBSan), seeded from tests/fuzz/corpus_course_file.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "hoc/tools/course.hpp"

namespace {

[[noreturn]] void finding(const char* what, const std::string& input)
{
    std::fprintf(stderr, "FINDING: %s (input of %zu bytes)\n", what, input.size());
    std::abort();
}

bool control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }

bool cleanName(const std::string& text)
{
    if (text.find_first_not_of(' ') == std::string::npos)
        return false;
    for (const char c : text)
        if (control(c))
            return false;
    return true;
}

bool cleanWords(const std::vector<std::string>& words)
{
    for (const auto& word : words) {
        if (word.empty())
            return false;
        for (const char c : word)
            if (c == ' ' || control(c))
                return false;
    }
    return true;
}

std::string join(const std::vector<std::string>& words)
{
    std::string text;
    for (const auto& word : words)
        text += (text.empty() ? "" : " ") + word;
    return text;
}

bool same(const hoc::tools::CourseEntry& a, const hoc::tools::CourseEntry& b)
{
    return a.folder == b.folder && a.program == b.program && a.runArgs == b.runArgs && a.quickArgs == b.quickArgs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > 8192)
        return 0;
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::vector<hoc::tools::CourseEntry> entries;
    try {
        std::istringstream in(input);
        entries = hoc::tools::readCourse(in);
    } catch (const hoc::tools::CourseFileError& e) {
        const std::string message = e.what();
        if (message.find("course list line ") == std::string::npos)
            finding("a refusal that names no line", input);
        for (const char c : message)
            if (control(c))
                finding("a refusal that shows a control character", input);
        return 0;
    } catch (...) {
        finding("an exception other than CourseFileError", input);
    }

    std::size_t lines = 0;
    for (const char c : input)
        lines += c == '\n';
    if (entries.size() > lines + 1)
        finding("more entries than lines", input);
    for (const auto& e : entries) {
        if (!cleanName(e.folder) || !cleanName(e.program))
            finding("a blank folder or program, or one with a tab or a control character", input);
        if (!cleanWords(e.runArgs) || !cleanWords(e.quickArgs))
            finding("an argument that is empty or holds a blank or a control character", input);
    }

    // Written back as CMake writes the list, it reads back to the same entries.
    std::string text;
    for (const auto& e : entries)
        text += e.folder + "\t" + e.program + "\t" + join(e.runArgs) + "\t" + join(e.quickArgs) + "\n";
    std::vector<hoc::tools::CourseEntry> again;
    try {
        std::istringstream in(text);
        again = hoc::tools::readCourse(in);
    } catch (...) {
        finding("the entries written back are refused", input);
    }
    if (again.size() != entries.size())
        finding("the entries written back read as another number of entries", input);
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (!same(entries[i], again[i]))
            finding("an entry written back reads as another entry", input);
    return 0;
}
