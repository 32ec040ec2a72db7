// Measuring memory-bound kernels (reductions, transpose): repeat a command a few times after a
// warm-up and keep the median of the event times, and compare a kernel's bandwidth with a plain
// copy kernel's, measured on the same device in the same run.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "hoc/check.hpp"
#include "hoc/opencl.hpp"
#include "hoc/report.hpp"

namespace hoc {

// How often a measurement is repeated: `warmups` runs are thrown away (first-launch costs, clocks
// ramping up, caches), then the median of `runs` runs is kept.
struct Repeats {
    int warmups = 1;
    int runs = 5;
};

// The median of `values` (the mean of the two middle ones for an even count); 0 when empty.
double median(std::vector<double> values);

// The first and the last event of the commands that make up one measured run.
using EventSpan = std::pair<cl::Event, cl::Event>;

// Calls `enqueue` warmups + runs times; each call enqueues one run's commands and returns its first
// and last events (the same event twice for a single kernel). Returns the median, in seconds, of
// the time from the first command's start to the last one's end (profiling events).
double medianSeconds(const Repeats& repeats, const std::function<EventSpan()>& enqueue);

// The yardstick: out[i] = in[i] over n floats, one work-item per element, 256 per work-group.
// It reads and writes 8 bytes per element, the best a simple kernel does on this device's memory.
// It has its own context, so it can be measured next to any exercise's code.
class CopyBenchmark {
public:
    explicit CopyBenchmark(const cl::Device& device);

    // Median seconds to copy n floats; the copy is checked once (hoc::Failure if it is wrong).
    double seconds(std::size_t n, const Repeats& repeats);
    // The same as GB/s (8 n bytes moved).
    double gbps(std::size_t n, const Repeats& repeats);

private:
    cl::Device device_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Kernel kernel_;
};

// A table of GB/s per size and variant, each as a percentage of the copy kernel's GB/s.
//   size            copy GB/s   naive             tiled
//   4096 x 4096        12.1      3.2 ( 26%)       10.9 ( 90%)
class BandwidthTable {
public:
    BandwidthTable(std::ostream& out, const std::string& sizeTitle, std::vector<std::string> variants);
    // One row: the size, the copy's GB/s, and for each variant its GB/s and whether it was correct.
    void row(const std::string& size, double copyGbps, const std::vector<std::pair<double, bool>>& cells);

private:
    std::ostream& out_;
    std::vector<std::string> variants_;
};

// Adds a checked result whose rate is GB/s, with its fraction of the copy kernel's GB/s in the
// printed detail and in the JSON record ("fraction_of_copy", "copy_GBps").
void reportAgainstCopy(Report& report, const std::string& name, const std::string& size, const CheckResult& check,
                       double seconds, double bytes, double copyGbps);

// "2^20" for powers of two from 2^10 on, else the number: how the bandwidth drivers name their sizes.
std::string sizeText(std::size_t n);

}  // namespace hoc
