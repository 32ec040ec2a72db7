#include "hoc/main.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <new>

#include "hoc/errors.hpp"
#include "hoc/files.hpp"
#include "hoc/program.hpp"

namespace hoc {

int exitCode(std::exception_ptr error)
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
                      << (code == CL_INVALID_ARG_INDEX    ? "it sets an argument the kernel does not have"
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

namespace {

// CLI11's own range check answers "Value abc not in range 1 to 10" for text that is no number at
// all. These checks say what is wrong and what is allowed:
//   --size: abc is not a whole number (allowed: 1 to 2147483647)
//   --size: -5 is outside the allowed range 1 to 2147483647
// CLI11 reads integers with strtoull(..., 0), which takes "010" as octal 8: leading zeros are
// dropped here first, so every size is read as the decimal number it looks like.
template <typename T>
CLI::Validator wholeNumber(T min, T max)
{
    const std::string range = std::to_string(min) + " to " + std::to_string(max);
    auto check = [min, max, range](std::string& input) -> std::string {
        const bool negative = !input.empty() && input.front() == '-';
        std::string digits = input.substr(negative ? 1 : 0);
        if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
            return input + " is not a whole number (allowed: " + range + ")";
        digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));
        input = (negative ? "-" : "") + digits;
        T value{};
        const auto [end, error] = std::from_chars(input.data(), input.data() + input.size(), value);
        if (error != std::errc() || end != input.data() + input.size() || value < min || value > max)
            return input + " is outside the allowed range " + range;
        return {};
    };
    return CLI::Validator(check, "whole number, " + range);
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

struct CommandLine::Cli {
    explicit Cli(const std::string& description) : app(description) {}
    CLI::App app;
};

CommandLine::CommandLine(std::string exercise, const std::string& description)
    : exercise_(std::move(exercise)), cli_(std::make_unique<Cli>(description))
{
    CLI::App& app = cli_->app;
    app.add_flag("--list", list_, "List the OpenCL devices with their indices and exit");
    app.add_option("--device", choice_.device, "Device index from --list (default: HOC_DEVICE, else the first GPU)");
    app.add_option("--platform", choice_.platform, "Use the platform whose name or vendor contains this text");
    app.add_option("--json", json_, "Also write the results as JSON to this file");
}

CommandLine::~CommandLine() = default;

void CommandLine::sizeOption(const std::string& names, std::size_t& value, const std::string& help, std::size_t max)
{
    cli_->app.add_option(names, value, help)->transform(wholeNumber(std::size_t{1}, max))->capture_default_str();
}

void CommandLine::option(const std::string& names, long& value, const std::string& help, long min, long max)
{
    cli_->app.add_option(names, value, help)->transform(wholeNumber(min, max))->capture_default_str();
}

void CommandLine::option(const std::string& names, double& value, const std::string& help)
{
    cli_->app.add_option(names, value, help)->check(realNumber())->capture_default_str();
}

void CommandLine::option(const std::string& names, std::string& value, const std::string& help)
{
    cli_->app.add_option(names, value, help)->capture_default_str();
}

void CommandLine::choice(const std::string& names, std::string& value, const std::string& help,
                         const std::vector<std::string>& allowed)
{
    cli_->app.add_option(names, value, help)->check(CLI::IsMember(allowed))->capture_default_str();
}

void CommandLine::sizesOption(const std::string& names, std::vector<std::size_t>& values, const std::string& help)
{
    cli_->app.add_option(names, values, help)
        ->delimiter(',')
        ->transform(wholeNumber(std::size_t{1}, static_cast<std::size_t>(-1) / 2))
        ->capture_default_str();
}

void CommandLine::listOption(const std::string& names, std::vector<std::string>& values, const std::string& help,
                             const std::vector<std::string>& allowed)
{
    auto* option = cli_->app.add_option(names, values, help)->delimiter(',');
    if (!allowed.empty())
        option->check(CLI::IsMember(allowed));
}

void CommandLine::flag(const std::string& names, bool& value, const std::string& help)
{
    cli_->app.add_flag(names, value, help);
}

std::optional<int> CommandLine::parse(int argc, char** argv)
{
    CLI::App& app = cli_->app;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? kOk : kUsage;
    }
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
    if (!choice_.device.empty() || !choice_.platform.empty())
        chooseDevice(choice_);
}

Report CommandLine::report() const
{
    Report report(std::cout);
    report.setProgram(exercise_, program_);
    if (!json_.empty())
        report.writeJsonTo(json_);
    return report;
}

Report CommandLine::report(const cl::Device& device) const
{
    Report report = this->report();
    report.setDevice(device);
    return report;
}

int CommandLine::finish(const Report& report) const
{
    if (!json_.empty())
        writeFile(json_, report.json(true) + "\n", "--json", looksLikeJson);
    return report.allCorrect() ? kOk : kWrong;
}

}  // namespace hoc
