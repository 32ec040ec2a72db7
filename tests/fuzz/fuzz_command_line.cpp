// libFuzzer target: Cli's command-line and size parsing (hoc/common/sizes.hpp, hoc::CommandLine,
// hoc/cli/cli.hpp) given arbitrary bytes. It stops (a finding) on a crash, a sanitizer report, an
// exception other than hoc::UsageError, or a broken promise of the parser:
//   - an accepted whole number is exactly decimal digits (leading zeros allowed) of a value inside
//     the range, as an independent reading of the text says, and a refused one is refused for a
//     stated reason;
//   - an accepted shape has the asked number of parts, each inside its range, the product inside
//     its limit, and joined again with 'x' it is the text (leading zeros and 'X' aside);
//   - an overflow-checked product either is the exact product (checked in 128 bits) within its
//     limit, or is refused;
//   - a command line made of the input's lines either parses to values inside every option's range
//     (exit 0) or is refused with exit status 2; never 3, never a crash.
// And Common's kernel-file loading, the input being a kernel file's bytes:
//   - hoc::readKernelFile returns the file's bytes exactly, or refuses with hoc::Failure an empty
//     file or one holding a NUL byte (and only those), naming the file;
//   - hoc::writtenParameters, which quotes a kernel's parameter list in error messages, returns ""
//     or one parenthesised list without comments, line breaks or doubled blanks.
// Built and run by tests/fuzz/run (clang's -fsanitize=fuzzer with AddressSanitizer and UBSan).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unistd.h>
#include <string>
#include <vector>

#include "hoc/cli/cli.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/cli/main.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/sizes.hpp"

namespace {

[[noreturn]] void finding(const char* what, const std::string& input)
{
    std::fprintf(stderr, "FINDING: %s (input '%s')\n", what, input.c_str());
    std::abort();
}

using u128 = unsigned __int128;

// An independent reading of a whole number: digits only (one '-' first allowed), as a 128-bit
// value saturated at 2^100; `negative` set when a '-' came first and the value is not zero.
bool reference(const std::string& text, bool& negative, u128& value)
{
    negative = false;
    value = 0;
    std::size_t i = 0;
    if (!text.empty() && text[0] == '-') {
        negative = true;
        i = 1;
    }
    if (i == text.size())
        return false;
    const u128 cap = u128{1} << 100;
    for (; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        value = value * 10 + static_cast<unsigned>(text[i] - '0');
        if (value > cap)
            value = cap;
    }
    negative = negative && value != 0;
    return true;
}

void checkWhole(const std::string& text, std::uint64_t min, std::uint64_t max)
{
    std::uint64_t value = 0;
    const std::string why = hoc::wholeNumberProblem(text, min, max, value);
    bool negative = false;
    u128 expected = 0;
    const bool number = reference(text, negative, expected);
    const bool inside = number && !negative && expected >= min && expected <= max;
    if (why.empty() != inside)
        finding(inside ? "a whole number inside the range was refused" : "a bad whole number was accepted", text);
    if (inside && value != static_cast<std::uint64_t>(expected))
        finding("a whole number was read as another value", text);
    if (!inside && why.find(number ? "is outside the allowed range" : "is not a whole number") == std::string::npos)
        finding("a refusal does not say why", text);
}

void checkShape(const std::string& text, std::size_t parts, std::uint64_t max, std::uint64_t limit)
{
    std::vector<std::size_t> values;
    const std::string why = hoc::shapeProblem(text, parts, max, {limit, "the fuzzer's limit"}, values);
    if (!why.empty())
        return;
    if (parts != 0 && values.size() != parts)
        finding("a shape with the wrong number of parts was accepted", text);
    u128 product = 1;
    std::string joined;
    for (const auto v : values) {
        if (v < 1 || v > max)
            finding("a shape's part outside its range was accepted", text);
        product *= v;
        if (product > limit)
            finding("a shape whose product is beyond the limit was accepted", text);
        joined += (joined.empty() ? "" : "x") + std::to_string(v);
    }
    std::string normal;  // the text without leading zeros, 'X' as 'x'
    std::string part;
    const auto flush = [&] {
        const auto first = part.find_first_not_of('0');
        normal += first == std::string::npos ? "0" : part.substr(first);
        part.clear();
    };
    for (const char c : text) {
        if (c == 'x' || c == 'X') {
            flush();
            normal += 'x';
        } else {
            part += c;
        }
    }
    flush();
    if (normal != joined)
        finding("an accepted shape is not the text", text);
}

void checkProduct(const std::vector<std::uint64_t>& factors, std::uint64_t limit)
{
    u128 exact = 1;
    bool beyond = false;
    bool zero = false;
    for (const auto f : factors)
        zero = zero || f == 0;
    if (zero)
        exact = 0;
    else
        for (const auto f : factors) {
            exact *= f;  // exact * f < 2^64 * 2^64 while exact <= limit < 2^64
            if (exact > limit) {
                beyond = true;
                break;
            }
        }
    try {
        const std::uint64_t product = hoc::checkedProduct(factors, {limit, "the fuzzer's limit"}, "product");
        if (beyond || product != static_cast<std::uint64_t>(exact))
            finding("a product beyond its limit, or a wrong product, was accepted", std::to_string(product));
    } catch (const hoc::UsageError&) {
        if (!beyond)
            finding("a product within its limit was refused", std::to_string(static_cast<std::uint64_t>(exact)));
    }
}

// The input's lines as the words of a command line.
void checkCommandLine(const std::string& input)
{
    std::vector<std::string> words = {"fuzz"};
    std::string word;
    for (const char c : input) {
        if (c == '\n') {
            words.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    words.push_back(word);
    if (words.size() > 24)
        return;
    for (const auto& w : words)
        if (w.rfind("--list", 0) == 0 || w.find('\0') != std::string::npos)
            return;  // --list asks OpenCL for its devices: not parsing; a NUL cannot be in an argument
    std::vector<char*> argv;
    for (auto& w : words)
        argv.push_back(w.data());

    std::size_t size = 7;
    long count = 3;
    std::vector<std::size_t> sizes, three;
    std::vector<std::size_t> range = {8, 8};
    std::vector<std::vector<std::size_t>> shapes = {{4, 4}};
    std::string choice = "a", text;
    std::vector<std::string> list;
    bool flag = false;
    hoc::CommandLine cli("Fuzz", "the fuzzer's program");
    cli.sizeOption("-n,--size", size, "a size", 1000);
    cli.option("--count", count, "a count", -5, 9);
    cli.sizesOption("--sizes", sizes, "sizes");
    cli.sizesOption("--shape", three, "M N K", 2147483647, 3);
    cli.shapeOption("--range", range, "DIM0xDIM1", 2, "a range", 1 << 20, {1 << 30, "2^30"});
    cli.shapesOption("--shapes", shapes, "ROWSxCOLS", 2, "shapes", UINT32_MAX, {UINT32_MAX, "UINT_MAX"});
    cli.choice("--choice", choice, "a choice", {"a", "b"});
    cli.option("--text", text, "text");
    cli.listOption("--list-of", list, "words", {"x", "y"});
    cli.flag("--flag", flag, "a flag");
    int exit = 0;
    try {
        const auto stop = cli.parse(static_cast<int>(argv.size()), argv.data());
        exit = stop ? *stop : 0;
    } catch (const hoc::UsageError&) {
        exit = 2;
    }
    if (exit != 0 && exit != 2)
        finding("a command line ended with an exit status other than 0 or 2", input);
    if (exit != 0)
        return;
    if (size < 1 || size > 1000 || count < -5 || count > 9 || (choice != "a" && choice != "b"))
        finding("an option holds a value outside its range", input);
    for (const auto s : sizes)
        if (s < 1)
            finding("--sizes holds 0", input);
    if (!three.empty() && three.size() != 3)
        finding("--shape holds other than 3 sizes", input);
    if (range.size() != 2 || u128{range[0]} * range[1] > (1u << 30))
        finding("--range holds a bad shape", input);
    for (const auto& s : shapes)
        if (s.size() != 2 || s[0] < 1 || s[1] < 1 || u128{s[0]} * s[1] > UINT32_MAX)
            finding("--shapes holds a bad shape", input);
    for (const auto& w : list)
        if (w != "x" && w != "y")
            finding("--list-of holds a word not allowed", input);
}

void checkCli(const std::string& text)
{
    std::string input = text;
    const std::string timeout = hoc::cli::seconds(0, 604800, true)(input);
    if (timeout.empty()) {
        const double v = std::strtod(text.c_str(), nullptr);
        if (!(v > 0 && v <= 604800))
            finding("hoc-runner's --timeout check accepted a bad number of seconds", text);
    }
    input = text;
    if (hoc::cli::indexList()(input).empty() && text != "all") {
        // Distinct indices separated by commas.
        std::vector<std::uint64_t> seen;
        std::string part;
        for (std::size_t i = 0; i <= text.size(); ++i) {
            if (i == text.size() || text[i] == ',') {
                bool negative = false;
                u128 v = 0;
                if (!reference(part, negative, v) || negative || v > 9999)
                    finding("--device's check accepted a bad index", text);
                for (const auto s : seen)
                    if (s == static_cast<std::uint64_t>(v))
                        finding("--device's check accepted an index twice", text);
                seen.push_back(static_cast<std::uint64_t>(v));
                part.clear();
            } else {
                part += text[i];
            }
        }
    }
}

// The input as a kernel file, read through the kernel search path (HOC_KERNEL_PATH_ONLY: a folder
// of this process's own), and as a source whose parameter lists are quoted.
void checkKernelFile(const std::string& input)
{
    static const std::string folder = [] {
        char name[] = "/dev/shm/hoc-fuzz-kernels-XXXXXX";  // in memory where there is one: a file per input
        char fallback[] = "/tmp/hoc-fuzz-kernels-XXXXXX";
        if (!::mkdtemp(name)) {
            if (!::mkdtemp(fallback))
                std::abort();
            ::setenv("HOC_KERNEL_PATH_ONLY", fallback, 1);
            return std::string(fallback);
        }
        ::setenv("HOC_KERNEL_PATH_ONLY", name, 1);
        return std::string(name);
    }();
    std::ofstream(folder + "/k.cl", std::ios::binary | std::ios::trunc) << input;
    const bool blank = input.find_first_not_of(" \t\r\n") == std::string::npos;
    const bool nul = input.find('\0') != std::string::npos;
    // A line #include "name" is replaced by name's text (or refused when name is not found): such
    // input is only held to "no exception but hoc::Failure".
    const bool include = input.find("include") != std::string::npos;
    try {
        const std::string text = hoc::readKernelFile("k.cl", "");
        if (!include && text != input)
            finding("readKernelFile returned other text than the file holds", input);
        if (blank || nul)
            finding("readKernelFile accepted an empty file or one with a NUL byte", input);
    } catch (const hoc::Failure& e) {
        const std::string message = e.what();
        if (include && !blank && !nul)
            return;
        if (!blank && !nul)
            finding("readKernelFile refused a file of text", input);
        if (message.find(folder + "/k.cl") == std::string::npos ||
            message.find(blank ? "is empty" : "holds a NUL byte (line ") == std::string::npos)
            finding("readKernelFile's refusal does not name the file and what is wrong", input);
    }
    // The parameter lists of "k" and of the first name after "void".
    std::vector<std::string> names = {"k"};
    if (const std::size_t v = input.find("void "); v != std::string::npos)
        names.push_back(input.substr(v + 5, input.find_first_of(" (\n", v + 5) - (v + 5)));
    for (const auto& name : names) {
        if (name.empty())
            continue;
        const std::string params = hoc::writtenParameters(input, name);
        if (params.empty())
            continue;
        if (params.front() != '(' || params.back() != ')' || params.find_first_of("\n\t\r") != std::string::npos ||
            params.find("  ") != std::string::npos || params.find("/*") != std::string::npos ||
            params.find("//") != std::string::npos)
            finding("writtenParameters quoted something other than one clean parameter list", input);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size > 4096)
        return 0;
    const std::string input(reinterpret_cast<const char*>(data), size);
    // The first line alone as a number, a shape and a runner option; all of it as a command line.
    const std::string first = input.substr(0, input.find('\n'));
    checkWhole(first, 1, 1000);
    checkWhole(first, 0, UINT64_MAX);
    checkWhole(first, 1, (std::uint64_t{1} << 31) - 1);
    checkShape(first, 2, UINT32_MAX, UINT32_MAX);
    checkShape(first, 3, 2147483647, 2147483647);
    checkShape(first, 0, UINT64_MAX, std::uint64_t{1} << 60);
    checkCli(first);
    std::vector<std::uint64_t> factors;
    for (std::size_t i = 0; i + 8 <= size && factors.size() < 4; i += 8) {
        std::uint64_t f = 0;
        for (int b = 0; b < 8; ++b)
            f |= std::uint64_t{data[i + b]} << (8 * b);
        factors.push_back(f >> (data[i] % 64));  // small and large factors alike
    }
    checkProduct(factors, std::uint64_t{1} << 60);
    checkProduct(factors, 2147483647);
    checkCommandLine(input);
    checkKernelFile(input);
    return 0;
}
