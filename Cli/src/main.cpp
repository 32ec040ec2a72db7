#include "hoc/cli/main.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <list>
#include <cstdlib>
#include <cstring>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>
#include <iostream>
#include <new>
#include <sstream>
#include <stdexcept>

#include "hoc/cli/cli.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/files.hpp"
#include "hoc/common/program.hpp"
#include "hoc/common/sizes.hpp"

namespace hoc {

namespace {
int reportError(std::exception_ptr error);
}  // namespace

int outputStatus(int status)
{
    errno = 0;  // what the last failed write says (a write that failed earlier is tried again by the flush)
    std::cout.flush();
    const bool lost = std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout.good();
    if (!lost)
        return status;
    // The write that failed may be long past (its errno gone): one more byte says why.
    if (errno == 0 && ::write(STDOUT_FILENO, "\n", 1) == 1)
        errno = 0;
    const int error = errno;
    std::cerr << "error: standard output could not be written"
              << (error ? std::string(": ") + std::strerror(error) : "")
              << "; what this program printed is incomplete\n";
    return status >= kUsage ? status : kError;
}

int exitCode(std::exception_ptr error) { return outputStatus(reportError(error)); }

namespace {

// Prints the error as the course names it and returns its exit status (exitCode's work).
int reportError(std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kUsage;
    } catch (const Failure& e) {  // BuildFailure's message holds the build log
        std::cerr << "error: " << e.what() << "\n";
    } catch (const cl::Error& e) {
        std::cerr << "error: OpenCL call " << describe(e) << "\n";
        // A kernel name or argument list that does not match the kernel file: say what the file has.
        const cl_int code = e.err();
        const std::string kernels = builtKernelsText();
        if (!kernels.empty() && (code == CL_INVALID_KERNEL_NAME || code == CL_INVALID_KERNEL_DEFINITION)) {
            std::cerr << "  the host code asked for a kernel that no kernel file it built defines (check the name "
                         "after __kernel in the file and the name the host code uses):\n"
                      << kernels;
        } else if (!kernels.empty() && (code == CL_INVALID_ARG_INDEX || code == CL_INVALID_ARG_VALUE ||
                                        code == CL_INVALID_ARG_SIZE || code == CL_INVALID_KERNEL_ARGS)) {
            std::cerr << "  the arguments the host code sets do not match the kernel's: "
                      << (code == CL_INVALID_ARG_INDEX     ? "it sets an argument the kernel does not have"
                          : code == CL_INVALID_KERNEL_ARGS ? "the kernel has an argument the host code did not set"
                                                           : "an argument's type or size differs")
                      << " (compare the kernel's parameter list with the host code's setArg or KernelFunctor):\n"
                      << kernels;
        }
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of host memory for the requested size; choose a smaller size\n";
    } catch (const std::length_error& e) {
        std::cerr << "error: the requested size is too large for host memory (" << e.what() << ")\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
    } catch (...) {
        std::cerr << "error: an unknown exception stopped the program\n";
    }
    return kError;
}

// CLI11's own range check answers "Value abc not in range 1 to 10" for text that is no number at
// all, and its integer conversion reads "010" as octal and wraps "-5" into a huge unsigned value.
// Every whole number goes through hoc/common/sizes.hpp's one parser instead, which says what is wrong and
// what is allowed:
//   --size: abc is not a whole number (allowed: 1 to 2147483647)
//   --size: -5 is outside the allowed range 1 to 2147483647
// and hands CLI11 the number in plain decimal digits, which its conversion reads as written.
CLI::Validator wholeNumber(std::uint64_t min, std::uint64_t max)
{
    const std::string range = std::to_string(min) + " to " + std::to_string(max);
    auto check = [min, max](std::string& input) -> std::string {
        std::uint64_t value = 0;
        std::string why = wholeNumberProblem(input, min, max, value);
        if (why.empty())
            input = std::to_string(value);
        return why;
    };
    return CLI::Validator(check, "whole number, " + range);
}

CLI::Validator signedWholeNumber(long min, long max)
{
    const std::string range = std::to_string(min) + " to " + std::to_string(max);
    auto check = [min, max](std::string& input) -> std::string {
        try {
            input = std::to_string(parseSignedWhole(input, "", min, max));
        } catch (const UsageError& e) {
            return std::string(e.what()).substr(2);  // without the ": " of the empty name
        }
        return {};
    };
    return CLI::Validator(check, "whole number, " + range);
}

// A shape (hoc::shapeProblem): the message names the form and what is wrong.
CLI::Validator shape(std::string form, std::size_t parts, std::uint64_t max, SizeLimit limit)
{
    auto check = [form, parts, max, limit](const std::string& input) -> std::string {
        std::vector<std::size_t> values;
        const std::string why = shapeProblem(input, parts, max, limit, values);
        return why.empty() ? why : "'" + input + "' is not " + form + ": " + why;
    };
    return CLI::Validator(check, form);
}

CLI::Validator realNumber()
{
    auto check = [](std::string& input) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(input.c_str(), &end);
        if (input.empty() || end != input.c_str() + input.size() || !std::isfinite(value))
            return input + " is not a number";
        return {};
    };
    return CLI::Validator(check, "number");
}

}  // namespace

namespace cli {

CLI::Validator notBlank()
{
    auto check = [](const std::string& input) -> std::string {
        if (std::all_of(input.begin(), input.end(), [](unsigned char c) { return std::isspace(c); }))
            return "'" + input + "' is empty: give a value, or leave the option out";
        return {};
    };
    return CLI::Validator(check, "TEXT (not empty)");
}

CLI::Validator seconds(double min, double max, bool aboveMin)
{
    std::ostringstream range;
    range << (aboveMin ? "more than " : "") << min << " to " << max;
    auto check = [min, max, aboveMin, range = range.str()](const std::string& input) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(input.c_str(), &end);
        if (input.empty() || end != input.c_str() + input.size() || std::isspace(static_cast<unsigned char>(input[0])))
            return "'" + input + "' is not a number of seconds (allowed: " + range + ")";
        if (!std::isfinite(value) || value < min || value > max || (aboveMin && value == min))
            return input + " is outside the allowed range " + range + " seconds";
        return {};
    };
    return CLI::Validator(check, "seconds, " + range.str());
}

CLI::Validator indexList()
{
    auto check = [](const std::string& input) -> std::string {
        if (input == "all")
            return {};
        std::vector<std::uint64_t> seen;
        std::string word;
        std::istringstream in(input);
        bool any = false;
        while (std::getline(in, word, ',')) {
            any = true;
            std::uint64_t index = 0;
            const std::string why = wholeNumberProblem(word, 0, 9999, index);
            if (!why.empty())
                return "'" + input + "': " + why + " (a device index from --list, or 'all')";
            if (std::find(seen.begin(), seen.end(), index) != seen.end())
                return "'" + input + "' names device " + word + " twice";
            seen.push_back(index);
        }
        if (!any || input.back() == ',')
            return "'" + input + "' is not 'all' or device indices separated by commas";
        return {};
    };
    return CLI::Validator(check, "'all' or INDEX[,INDEX...]");
}

CLI::Validator wholeNumber(std::uint64_t min, std::uint64_t max) { return hoc::wholeNumber(min, max); }

}  // namespace cli

struct CommandLine::Cli {
    explicit Cli(const std::string& description) : app(description) {}
    CLI::App app;
    // Shapes are read as words and turned into numbers after a successful parse.
    std::list<std::vector<std::string>> words;
    std::vector<std::function<void()>> finish;
    // The names of the options that take lists separated by commas ("--sizes", "-s"). CLI11 skips
    // empty items ("4096,,8" reads as 4096 8), and a value of commas alone (",,") as no value at all,
    // which left the option empty and the message about another one: parse() refuses that first.
    std::vector<std::string> lists;
    // The one-letter names given so far, without their dashes. CLI11 2.4 refuses a one-letter long
    // name beside the same letter as a short name ("--n" beside "-n", which a Windows-style "/n"
    // could mean both), at run time when the option is added; earlier CLI11 releases accept the pair.
    // The check here refuses it with every release, so a program that would stop at start on CLI11 2.4
    // stops in every test run.
    std::vector<std::string> letters;
    const std::string& checked(const std::string& names)
    {
        std::string name;
        for (std::size_t i = 0; i <= names.size(); ++i) {
            if (i < names.size() && names[i] != ',') {
                name += names[i];
                continue;
            }
            const std::string bare = name.substr(std::min(name.find_first_not_of('-'), name.size()));
            if (bare.size() == 1) {
                if (std::find(letters.begin(), letters.end(), bare) != letters.end())
                    throw std::logic_error("the options -" + bare + " and --" + bare +
                                           " collide: CLI11 2.4 and later refuse a program that has both");
                letters.push_back(bare);
            }
            name.clear();
        }
        return names;
    }
    void addList(const std::string& names)
    {
        std::string name;
        for (std::size_t i = 0; i <= names.size(); ++i) {
            if (i == names.size() || names[i] == ',') {
                if (!name.empty())
                    lists.push_back(name);
                name.clear();
            } else {
                name += names[i];
            }
        }
    }
    // The first list option given a value of commas alone, as its message; "" when there is none.
    std::string emptyListItem(int argc, char** argv) const
    {
        const auto empty = [](const std::string& v) { return v.find_first_not_of(',') == std::string::npos; };
        for (int i = 1; i < argc; ++i) {
            const std::string word = argv[i];
            for (const auto& name : lists) {
                std::vector<std::string> values;
                if (word.rfind(name + "=", 0) == 0)
                    values.push_back(word.substr(name.size() + 1));
                else if (word == name)
                    for (int j = i + 1; j < argc && (argv[j][0] != '-' || argv[j][1] == '\0' || argv[j][1] == ','); ++j)
                        values.push_back(argv[j]);
                for (const auto& v : values)
                    if (v.find(',') != std::string::npos && empty(v))
                        return name + ": '" + v +
                               "' holds no item, only commas; write the items separated by "
                               "commas or by spaces";
            }
        }
        return "";
    }
};

CommandLine::CommandLine(std::string exercise, const std::string& description)
    : exercise_(std::move(exercise)), cli_(std::make_unique<Cli>(description))
{
    CLI::App& app = cli_->app;
    app.add_flag("--list", list_, "List the OpenCL devices with their indices and exit");
    app.add_option("--device", choice_.device, "Device index from --list (default: HOC_DEVICE, else the first GPU)")
        ->check(cli::notBlank());
    app.add_option("--platform", choice_.platform, "Use the platform whose name or vendor contains this text")
        ->check(cli::notBlank());
    app.add_option("--json", json_, "Also write the results as JSON to this file");
}

CommandLine::~CommandLine() = default;

void CommandLine::sizeOption(const std::string& names, std::size_t& value, const std::string& help, std::size_t max)
{
    cli_->app.add_option(cli_->checked(names), value, help)
        ->transform(wholeNumber(std::size_t{1}, max))
        ->capture_default_str();
}

void CommandLine::option(const std::string& names, long& value, const std::string& help, long min, long max)
{
    cli_->app.add_option(cli_->checked(names), value, help)
        ->transform(signedWholeNumber(min, max))
        ->capture_default_str();
}

void CommandLine::option(const std::string& names, int& value, const std::string& help, int min, int max)
{
    cli_->app.add_option(cli_->checked(names), value, help)
        ->transform(signedWholeNumber(min, max))
        ->capture_default_str();
}

bool CommandLine::given(const std::string& name) const { return cli_->app.count(name) > 0; }

void CommandLine::option(const std::string& names, double& value, const std::string& help)
{
    cli_->app.add_option(cli_->checked(names), value, help)->check(realNumber())->capture_default_str();
}

void CommandLine::option(const std::string& names, std::string& value, const std::string& help)
{
    cli_->app.add_option(cli_->checked(names), value, help)->capture_default_str();
}

void CommandLine::choice(const std::string& names, std::string& value, const std::string& help,
                         const std::vector<std::string>& allowed)
{
    cli_->app.add_option(cli_->checked(names), value, help)->check(CLI::IsMember(allowed))->capture_default_str();
}

void CommandLine::sizesOption(const std::string& names, std::vector<std::size_t>& values, const std::string& help,
                              std::size_t max, std::size_t count)
{
    cli_->addList(names);
    auto* option = cli_->app.add_option(cli_->checked(names), values, help)
                       ->delimiter(',')
                       ->transform(wholeNumber(std::size_t{1}, max))
                       ->capture_default_str();
    if (count > 0)
        option->expected(static_cast<int>(count));
}

void CommandLine::shapeOption(const std::string& names, std::vector<std::size_t>& value, const std::string& form,
                              std::size_t parts, const std::string& help, std::size_t max, const SizeLimit& limit)
{
    std::vector<std::string>& words = cli_->words.emplace_back();
    cli_->app.add_option(cli_->checked(names), words, help + " (" + form + ")")
        ->expected(1)
        ->check(shape(form, parts, max, limit))
        ->default_str(joinNumbers(value, "x"));
    cli_->finish.push_back([&words, &value, form, parts, max, limit, names] {
        if (!words.empty())
            value = parseShape(words.back(), names, form, parts, max, limit);
    });
}

void CommandLine::shapesOption(const std::string& names, std::vector<std::vector<std::size_t>>& values,
                               const std::string& form, std::size_t parts, const std::string& help, std::size_t max,
                               const SizeLimit& limit)
{
    std::vector<std::string>& words = cli_->words.emplace_back();
    std::string defaults;
    for (const auto& v : values)
        defaults += (defaults.empty() ? "" : ",") + joinNumbers(v, "x");
    cli_->addList(names);
    cli_->app.add_option(cli_->checked(names), words, help + " (" + form + ", several separated by spaces or commas)")
        ->delimiter(',')
        ->check(shape(form, parts, max, limit))
        ->default_str(defaults);
    cli_->finish.push_back([&words, &values, form, parts, max, limit, names] {
        if (words.empty())
            return;
        values.clear();
        for (const auto& w : words)
            values.push_back(parseShape(w, names, form, parts, max, limit));
    });
}

void CommandLine::listOption(const std::string& names, std::vector<std::string>& values, const std::string& help,
                             const std::vector<std::string>& allowed)
{
    cli_->addList(names);
    auto* option = cli_->app.add_option(cli_->checked(names), values, help)->delimiter(',');
    if (!allowed.empty())
        option->check(CLI::IsMember(allowed));
}

void CommandLine::flag(const std::string& names, bool& value, const std::string& help)
{
    cli_->app.add_flag(cli_->checked(names), value, help);
}

bool refuseClosedOutput()
{
    if (fcntl(STDOUT_FILENO, F_GETFD) == -1 && errno == EBADF) {
        std::cerr << "error: standard output is closed, so nothing this program prints could be read; run it "
                     "with its output going to a terminal, a file or a pipe\n";
        return true;
    }
    return false;
}

std::optional<int> CommandLine::parse(int argc, char** argv)
{
    if (refuseClosedOutput())
        return kError;
    const auto stop = parseWords(argc, argv);
    if (stop)
        return outputStatus(*stop);
    return stop;
}

std::optional<int> CommandLine::parseWords(int argc, char** argv)
{
    CLI::App& app = cli_->app;
    if (const std::string empty = cli_->emptyListItem(argc, argv); !empty.empty()) {
        std::cerr << "error: " << empty << "\n";
        return kUsage;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? kOk : kUsage;
    }
    for (const auto& finish : cli_->finish)
        finish();  // cannot fail: every word passed its check
    program_ = argc > 0 ? argv[0] : "";
    if (app.count("--json") > 0) {
        // Refused now, not after the run: a --json path this program would not write.
        try {
            checkWritable(json_, "--json", looksLikeJson);
        } catch (const Failure& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kUsage;
        }
    }
    if (list_) {
        printDeviceList(std::cout);
        return kOk;
    }
    std::cout << app.get_description() << "\n";
    return std::nullopt;
}

cl::Device CommandLine::device() const
{
    const cl::Device device = chooseDevice(choice_);
    std::cout << "Device: " << deviceLabel(device) << "\n";
    return device;
}

void CommandLine::checkDeviceOptions() const
{
    // A HOC_DEVICE of only whitespace is refused as chooseDevice refuses it (before asking OpenCL).
    const char* env = std::getenv("HOC_DEVICE");
    const bool blank = env && *env &&
                       std::all_of(env, env + std::strlen(env), [](unsigned char c) { return std::isspace(c); });
    if (!choice_.device.empty() || !choice_.platform.empty() || blank)
        chooseDevice(choice_);
}

Report CommandLine::report() const
{
    Report report(std::cout);
    report.setProgram(exercise_, program_);
    if (!json_.empty())
        keepJsonUpToDate(report, json_);
    return report;
}

Report CommandLine::report(const cl::Device& device) const
{
    Report report = this->report();
    report.setDevice(device);
    return report;
}

void keepJsonUpToDate(Report& report, const std::string& file)
{
    report.afterEachResult([file](const Report& r) { writeFile(file, r.json(false) + "\n", "--json", looksLikeJson); });
}

int CommandLine::finish(const Report& report) const
{
    if (!json_.empty())
        writeFile(json_, report.json(true) + "\n", "--json", looksLikeJson);
    return outputStatus(report.allCorrect() ? kOk : kWrong);
}

}  // namespace hoc
