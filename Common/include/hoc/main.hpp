// The part of every program that is not the lesson: command line, device choice, error reports.
//
//   int main(int argc, char** argv) {
//       hoc::Main program("Exercise01_Vadd", "vector addition, C = A + B");
//       std::size_t n = 1 << 20;
//       program.sizeOption("-n,--size", n, "vector length");
//       return program.run(argc, argv, [&](const cl::Device& device, hoc::Report& report) { ... });
//   }
//
// Every program takes --list, --device N, --platform TEXT and --json FILE. Exit codes:
//   0 all results correct, 1 a result was wrong, 2 bad command line, 3 an error stopped the run.
//
// Options are parsed by CLI11 (Debian's libcli11-dev); it is kept inside Common/src/main.cpp,
// because the header-only library takes half a minute to compile in every program that includes it.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hoc/device.hpp"
#include "hoc/report.hpp"

namespace hoc {

enum ExitCode : int { kOk = 0, kWrong = 1, kUsage = 2, kError = 3 };

class Main {
public:
    Main(std::string exercise, const std::string& description);
    ~Main();
    Main(const Main&) = delete;
    Main& operator=(const Main&) = delete;

    // A program's own options. `names` is CLI11's form: "-n,--size". The default shown in --help
    // is the variable's value when the option is added.
    // A size: whole numbers from 1 up to `max`.
    void sizeOption(const std::string& names, std::size_t& value, const std::string& help,
                    std::size_t max = static_cast<std::size_t>(-1) / 2);
    // Whole numbers from `min` to `max`.
    void option(const std::string& names, long& value, const std::string& help, long min, long max);
    void option(const std::string& names, double& value, const std::string& help);
    void option(const std::string& names, std::string& value, const std::string& help);
    // One of `allowed`.
    void choice(const std::string& names, std::string& value, const std::string& help,
                const std::vector<std::string>& allowed);
    // A list of sizes, e.g. "--sizes 16 17 1024" or "--sizes 16,17,1024".
    void sizesOption(const std::string& names, std::vector<std::size_t>& values, const std::string& help);
    // A list of words, each one of `allowed` (empty `allowed`: any word).
    void listOption(const std::string& names, std::vector<std::string>& values, const std::string& help,
                    const std::vector<std::string>& allowed = {});
    void flag(const std::string& names, bool& value, const std::string& help);

    using Body = std::function<void(const cl::Device&, Report&)>;
    using BodyWithoutDevice = std::function<void(Report&)>;

    // Parses the command line, chooses and prints the device, runs `body`, writes --json,
    // and turns every failure into a message and an exit code.
    int run(int argc, char** argv, const Body& body);

    // The same for programs that look at every device themselves (device info).
    int runWithoutDevice(int argc, char** argv, const BodyWithoutDevice& body);

private:
    int guarded(int argc, char** argv, const std::function<void(Report&)>& work);

    struct Cli;
    std::string exercise_;
    std::unique_ptr<Cli> cli_;
    DeviceChoice choice_;
    bool list_ = false;
    std::string json_;
};

// Runs `work`, printing any exception as the course wants it named; returns the exit code.
int reportErrors(const std::function<int()>& work);

}  // namespace hoc
