// What a program found, printed for people and (with --json FILE) written for script/run.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "hoc/common/check.hpp"
#include "hoc/common/opencl.hpp"
#include "hoc/common/timing.hpp"

namespace hoc {

// Keys of Result::extra that hoc-runner (script/run) reads. Other keys are kept in the JSON and
// the runner's results.json but not interpreted.
//
//   "flops"  floating-point operations done in the work that `seconds` timed (a multiply-add
//            counts 2). Report::flops() records it.
//   "bytes"  bytes the timed kernel(s) read from and write to GLOBAL memory, counted access by
//            access as the kernel is written (caches ignored; local and private memory are free):
//            the naive matmul loads 8 bytes per multiply-add, a 16 x 16 tiled one 16 times fewer.
//            Report::bandwidth() records it.
//            With both, the runner places the result on the roofline: arithmetic intensity
//            flops / bytes (FLOP/byte), attained rate flops / seconds, and its fraction of the
//            bound min(peak FP32, intensity x peak bandwidth) of the device it ran on.
//            With "bytes" alone (a copy, a transpose) the fraction is of the peak bandwidth.
//   "vendor_blas_mflops"
//            the MFLOPS of the vendor's BLAS SGEMM (CLBlast, cuBLAS, MKL, OpenBLAS ...) for the
//            same M, N, K on the same device, measured in the same program run. The runner shows
//            every MFLOPS result as a fraction of it: the result's own key first, else the key of
//            any result on the same device whose `size` text is the same (so the matmul variants
//            are compared with the BLAS the competition program measured for the same sizes).
//   "devices"
//            how many whole devices did the timed work together (Exercise 15 splits one matmul);
//            above 1 the runner shows the result on a row of its own, "on N devices", and
//            compares it with no single device's roofs or BLAS.
//
// Besides the results, the document holds "finished": false while the program is still running (the
// file is rewritten after every result, so a run stopped by an error keeps what it measured), true
// once it has finished.
using Extra = std::vector<std::pair<std::string, double>>;

// One measured, checked result: a row of the course's results table.
struct Result {
    std::string name;  // what ran, e.g. "C = A + B" or a matmul variant
    std::string size;  // e.g. "N = 1048576" or "M = N = K = 1024"
    bool correct = false;
    std::string detail;  // the check's message
    double seconds = 0;  // the time the rate is computed from
    double rate = 0;     // 0 when no rate applies
    std::string unit;    // "MFLOPS", "GB/s", "steps/s", ...
    Extra extra;         // further figures for the JSON record (keys above)
};

class Report {
public:
    explicit Report(std::ostream& out);

    void setProgram(std::string exercise, std::string program);
    void setDevice(const cl::Device& device);

    // Prints and records a result.
    void add(Result result);

    // Shorthands: a checked result whose rate is bytes moved or floating-point operations per second.
    // They record "bytes" / "flops" in extra; `extra` adds further keys (e.g. "flops" for a
    // bandwidth result, "bytes" for a flops result: see the keys above).
    void bandwidth(const std::string& name, const std::string& size, const CheckResult& check, const Timing& timing,
                   double bytes, Extra extra = {});
    void flops(const std::string& name, const std::string& size, const CheckResult& check, const Timing& timing,
               double flops, Extra extra = {});

    bool allCorrect() const;

    // The JSON document script/run reads: program, device, every result, and "finished": false
    // until the program has added its last result (a run stopped by an error keeps what it measured).
    std::string json(bool finished = true) const;

    // Calls `listener` after every result is added (hoc::CommandLine's --json file is rewritten then,
    // with "finished": false, so that an error later in the run loses nothing measured before it).
    void afterEachResult(std::function<void(const Report&)> listener);

private:
    std::ostream& out_;
    std::string exercise_, program_;
    std::string device_, deviceType_, platform_;
    std::vector<Result> results_;
    std::function<void(const Report&)> afterEach_;
};

// "2^20" for powers of two from 2^10 on, else the number: how programs name their sizes in Result::size.
std::string sizeText(std::size_t n);

// "12.35": `value` with `digits` decimals (std::fixed), as the course's tables print their figures.
std::string fixedText(double value, int digits);

// "12.091 ms": a time with three decimals in us, ms or s, as the "time" line of a result prints it.
std::string formatTime(double seconds);

}  // namespace hoc
