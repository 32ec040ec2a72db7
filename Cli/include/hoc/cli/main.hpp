// The part of every main() that is not the lesson: the command line, the device, the report and
// the exit code. A program reads top to bottom:
//
//   int main(int argc, char** argv)
//   try {
//       hoc::CommandLine cli(HOC_FOLDER, HOC_TITLE);   // the program's folder and title
//       std::size_t n = 1 << 20;
//       cli.sizeOption("-n,--size", n, "Vector length", INT_MAX);
//       if (const auto stop = cli.parse(argc, argv))  // --help, --list or a bad command line
//           return *stop;
//
//       const cl::Device device = cli.device();       // prints "Device: ..."
//       hoc::Report report = cli.report(device);
//       ... make inputs, call the lesson's function, check, report.add(...) ...
//       return cli.finish(report);                    // writes --json; 0 if every result is correct
//   } catch (...) {
//       return hoc::exitCode(std::current_exception()); // the error by name, exit status 2 or 3
//   }
//
// HOC_FOLDER and HOC_TITLE are the program's folder and the line it prints first ("Exercise 1: vector
// addition, C = A + B"), which the build defines for each program's main file from its entry in
// course.json (its "title"; cmake/HocCourse.cmake, Make_def_files/course.mk).
//
// Every program takes --list, --device N, --platform TEXT and --json FILE. Exit codes:
//   0 all results correct, 1 a result was wrong, 2 what the user asked for cannot be done as asked
//   (bad command line, a size the kernels cannot index or the device or machine cannot hold), 3 the
//   OpenCL runtime or the machine stopped the run (README, "Every program").
//
// Options are parsed by CLI11 (Debian's libcli11-dev); it is kept inside Cli/src/main.cpp,
// because the header-only library takes half a minute to compile in every program that includes it.
#pragma once

#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hoc/common/device.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/report.hpp"
#include "hoc/common/sizes.hpp"

namespace hoc {

enum ExitCode : int { kOk = 0, kWrong = 1, kUsage = 2, kError = 3 };

class CommandLine {
public:
    // `exercise`: the folder, which --json's report names; `description`: the line parse() prints first.
    CommandLine(std::string exercise, const std::string& description);
    ~CommandLine();
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;

    // A program's own options. `names` is CLI11's form: "-n,--size". The default shown in --help
    // is the variable's value when the option is added.
    // A size: whole numbers from 1 up to `max`.
    void sizeOption(const std::string& names, std::size_t& value, const std::string& help,
                    std::size_t max = static_cast<std::size_t>(-1) / 2);
    // Whole numbers from `min` to `max`.
    void option(const std::string& names, long& value, const std::string& help, long min, long max);
    // The same for an int, e.g. a hoc::Repeats's runs: cli.option("--runs", repeats.runs, ...).
    void option(const std::string& names, int& value, const std::string& help, int min, int max);
    void option(const std::string& names, double& value, const std::string& help);
    void option(const std::string& names, std::string& value, const std::string& help);
    // One of `allowed`.
    void choice(const std::string& names, std::string& value, const std::string& help,
                const std::vector<std::string>& allowed);
    // A list of sizes, e.g. "--sizes 16 17 1024" or "--sizes 16,17,1024", each 1 to `max`;
    // `count` > 0: exactly that many ("--shape 37 70 45").
    void sizesOption(const std::string& names, std::vector<std::size_t>& values, const std::string& help,
                     std::size_t max = static_cast<std::size_t>(-1) / 2, std::size_t count = 0);
    // One shape, e.g. "--range 8x8": `parts` sizes joined by 'x' (any number when 0), each 1 to
    // `max`, their product at most `limit`; `form` names it in --help and messages ("ROWSxCOLS").
    // The rules are hoc/common/sizes.hpp's; a value that breaks them is a bad command line (exit 2).
    void shapeOption(const std::string& names, std::vector<std::size_t>& value, const std::string& form,
                     std::size_t parts, const std::string& help, std::size_t max, const SizeLimit& limit = kSizeLimit);
    // A list of shapes, e.g. "--shapes 1024x1024 1000x3000" or "--shapes 1024x1024,1000x3000".
    void shapesOption(const std::string& names, std::vector<std::vector<std::size_t>>& values, const std::string& form,
                      std::size_t parts, const std::string& help, std::size_t max, const SizeLimit& limit = kSizeLimit);
    // A list of words, each one of `allowed` (empty `allowed`: any word).
    void listOption(const std::string& names, std::vector<std::string>& values, const std::string& help,
                    const std::vector<std::string>& allowed = {});
    void flag(const std::string& names, bool& value, const std::string& help);

    // After parse(): whether the command line gave the option `name` ("--array-kb"), for a program
    // whose default depends on the device only when the user chose nothing.
    bool given(const std::string& name) const;

    // Reads the command line. Returns the exit status when the program stops here: after --help (0),
    // a bad command line (2, with the reason) or --list (0, after the numbered device list).
    // Otherwise prints the program's description and returns nothing: the program goes on.
    std::optional<int> parse(int argc, char** argv);

    // The device chosen by --device, else --platform, else HOC_DEVICE, else the first GPU, else the
    // first device; printed as "Device: ...". Throws hoc::Failure naming the valid choices.
    cl::Device device() const;

    // For a program that looks at every device itself: a --device or --platform that names no
    // device is still refused (with the list of devices), rather than silently ignored.
    void checkDeviceOptions() const;

    // The results table of this program, printed as rows are added (on `device`, or on none).
    Report report(const cl::Device& device) const;
    Report report() const;

    // Writes the report to the --json file if one was given (hoc::writeFile, "finished": true; a --json
    // path that is not a regular file, or an existing file that is not JSON, is refused by parse()
    // with exit status 2); returns 0 (kOk) when every result was
    // correct, else 1 (kWrong).
    int finish(const Report& report) const;

private:
    std::optional<int> parseWords(int argc, char** argv);
    struct Cli;
    std::string exercise_, program_;
    std::unique_ptr<Cli> cli_;
    DeviceChoice choice_;
    bool list_ = false;
    std::string json_;
};

// A closed standard output: nothing printed could be read, and the first file the program opens would
// take its descriptor and receive what it prints. Prints why to standard error and returns true; every
// program's parse() calls it first, and a program that opens files before it parses its command line
// (Exercise 15b: MPI_Init) calls it before those, and stops with exit status 3 (kError).
bool refuseClosedOutput();

// What --json does during a run: `file` is rewritten (hoc::writeFile) after every result `report`
// adds, with "finished": false, so that an error later in the run loses nothing measured before it.
void keepJsonUpToDate(Report& report, const std::string& file);

// What every exit of a program goes through (parse's early returns, finish, exitCode): standard
// output flushed and `status` returned, unless what the program printed could not all be written
// (a full disk, `> /dev/full`, a closed descriptor, a failing device): then the reason goes to
// standard error and the status is 3 (kError), or the error status it already was. A reader that
// stops reading a pipe (`| head`) ends the program by SIGPIPE, as for any Unix program.
int outputStatus(int status);

// For main()'s `catch (...)`: prints the error as the course names it ("error: ...", OpenCL errors
// by name and number, build logs in full) and returns its exit status: 2 for a request the program
// cannot honour as asked (hoc::UsageError), 3 for everything else.
int exitCode(std::exception_ptr error);

}  // namespace hoc
