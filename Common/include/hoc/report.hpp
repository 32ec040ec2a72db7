// What a program found, printed for people and (with --json FILE) written for script/run.
#pragma once

#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "hoc/check.hpp"
#include "hoc/opencl.hpp"
#include "hoc/timing.hpp"

namespace hoc {

// One measured, checked result: a row of the course's results table.
struct Result {
    std::string name;          // what ran, e.g. "C = A + B" or a matmul variant
    std::string size;          // e.g. "N = 1048576" or "M = N = K = 1024"
    bool correct = false;
    std::string detail;        // the check's message
    double seconds = 0;        // the time the rate is computed from
    double rate = 0;           // 0 when no rate applies
    std::string unit;          // "MFLOPS", "GB/s", "steps/s", ...
    std::vector<std::pair<std::string, double>> extra;  // further figures for the JSON record
};

class Report {
public:
    explicit Report(std::ostream& out);

    void setProgram(std::string exercise, std::string program);
    void setDevice(const cl::Device& device);

    // Prints and records a result.
    void add(Result result);

    // Shorthands: a checked result whose rate is bytes moved or floating-point operations per second.
    void bandwidth(const std::string& name, const std::string& size, const CheckResult& check,
                   const Timing& timing, double bytes);
    void flops(const std::string& name, const std::string& size, const CheckResult& check,
               const Timing& timing, double flops);

    bool allCorrect() const;
    const std::vector<Result>& results() const { return results_; }

    // The JSON document script/run reads: program, device and every result.
    std::string json() const;

private:
    std::ostream& out_;
    std::string exercise_, program_;
    std::string device_, deviceType_, platform_;
    std::vector<Result> results_;
};

}  // namespace hoc
