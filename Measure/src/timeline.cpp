#include "hoc/measure/timeline.hpp"

#include <algorithm>
#include <limits>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <utility>

#include "hoc/common/device.hpp"
#include "hoc/common/errors.hpp"
#include "hoc/common/host_memory.hpp"
#include "hoc/common/report.hpp"

namespace hoc {

std::string eventStatusName(cl_int status)
{
    switch (status) {
    case CL_QUEUED: return "CL_QUEUED";
    case CL_SUBMITTED: return "CL_SUBMITTED";
    case CL_RUNNING: return "CL_RUNNING";
    case CL_COMPLETE: return "CL_COMPLETE";
    default: return status < 0 ? "failed with " + errorText(status) : "status " + std::to_string(status);
    }
}

std::string timelineTable(const std::vector<CommandTimes>& commands)
{
    std::ostringstream out;
    if (commands.empty())
        return "";
    cl_ulong origin = commands.front().queued;
    std::size_t nameWidth = 7;
    for (const auto& c : commands) {
        origin = std::min(origin, c.queued);
        nameWidth = std::max(nameWidth, c.name.size());
    }
    // Stamps before the origin (a broken timeline) print as negative numbers rather than wrapping.
    auto us = [&](cl_ulong t) { return (static_cast<double>(t) - static_cast<double>(origin)) * 1e-3; };
    auto span = [](cl_ulong from, cl_ulong to) { return (static_cast<double>(to) - static_cast<double>(from)) * 1e-3; };
    out << std::fixed << std::setprecision(1);
    out << "  " << std::left << std::setw(static_cast<int>(nameWidth)) << "command" << std::right << std::setw(11)
        << "queued" << std::setw(11) << "submitted" << std::setw(11) << "started" << std::setw(11) << "ended" << "  |"
        << std::setw(10) << "waiting" << std::setw(10) << "launch" << std::setw(11) << "running"
        << "   (microseconds)\n";
    for (const auto& c : commands)
        out << "  " << std::left << std::setw(static_cast<int>(nameWidth)) << c.name << std::right << std::setw(11)
            << us(c.queued) << std::setw(11) << us(c.submit) << std::setw(11) << us(c.start) << std::setw(11)
            << us(c.end) << "  |" << std::setw(10) << span(c.queued, c.submit) << std::setw(10)
            << span(c.submit, c.start) << std::setw(11) << span(c.start, c.end) << "\n";
    return out.str();
}

CheckResult checkTimeline(const std::vector<CommandTimes>& commands, bool inOrderQueue)
{
    CheckResult r;
    r.count = commands.size();
    std::string problem;
    for (std::size_t i = 0; i < commands.size(); ++i) {
        const auto& c = commands[i];
        std::string bad;
        if (c.queued == 0 && c.submit == 0 && c.start == 0 && c.end == 0)
            bad = "no timestamps (all four are 0)";
        else if (!(c.queued <= c.submit && c.submit <= c.start && c.start <= c.end))
            bad = "timestamps out of order (QUEUED " + std::to_string(c.queued) + ", SUBMIT " +
                  std::to_string(c.submit) + ", START " + std::to_string(c.start) + ", END " + std::to_string(c.end) +
                  ")";
        else if (inOrderQueue && i > 0 && c.start < commands[i - 1].end)
            bad = "started " + std::to_string(commands[i - 1].end - c.start) + " ns before '" + commands[i - 1].name +
                  "' ended, in an in-order queue";
        if (!bad.empty()) {
            if (r.wrong == 0) {
                r.first = i;
                problem = "command '" + c.name + "': " + bad;
            }
            ++r.wrong;
        }
    }
    r.ok = r.wrong == 0;
    if (!r.ok)
        r.problem = problem + (r.wrong > 1 ? " (and " + std::to_string(r.wrong - 1) + " more)" : "");
    return r;
}

namespace {

// Merges [start, end) intervals into disjoint ones, sorted.
std::vector<std::pair<cl_ulong, cl_ulong>> merged(std::vector<std::pair<cl_ulong, cl_ulong>> spans)
{
    std::sort(spans.begin(), spans.end());
    std::vector<std::pair<cl_ulong, cl_ulong>> out;
    for (const auto& s : spans) {
        if (!out.empty() && s.first <= out.back().second)
            out.back().second = std::max(out.back().second, s.second);
        else
            out.push_back(s);
    }
    return out;
}

// A finished command's four timestamps, for timeProgram's runs. The same reading as hoc::commandTimes
// (Measure/times/), kept here with internal linkage: that function is Exercise 11's lesson, so Measure,
// which Exercise 11 links, declares no function a student's file could call for it.
CommandTimes timesOf(const std::string& name, const cl::Event& event)
{
    event.wait();
    CommandTimes t;
    t.name = name;
    t.queued = event.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>();
    t.submit = event.getProfilingInfo<CL_PROFILING_COMMAND_SUBMIT>();
    t.start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    t.end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return t;
}

}  // namespace

Result startedAfter(const std::string& name, const CommandTimes& later, const std::vector<CommandTimes>& earlier)
{
    std::string detail = "'" + later.name + "' started";
    bool ok = true;
    for (const auto& e : earlier) {
        const bool after = later.start >= e.end;
        ok = ok && after;
        detail += std::string(&e == &earlier.front() ? "" : " and") + (after ? " after '" : " BEFORE '") + e.name +
                  "' ended";
    }
    return {name, "", ok, detail, 0, 0, "", {}};
}

Overlap measureOverlap(const std::vector<CommandTimes>& copies, const std::vector<CommandTimes>& kernels)
{
    Overlap o;
    if (copies.empty() && kernels.empty())
        return o;
    const CommandTimes& any = copies.empty() ? kernels.front() : copies.front();
    cl_ulong first = any.start, last = any.end;
    std::vector<std::pair<cl_ulong, cl_ulong>> spans;
    for (const CommandTimes& k : kernels) {
        first = std::min(first, k.start);
        last = std::max(last, k.end);
        spans.emplace_back(k.start, k.end);
        o.kernel_s += k.runSeconds();
    }
    const auto busy = merged(spans);  // when at least one kernel was running
    for (const CommandTimes& c : copies) {
        first = std::min(first, c.start);
        last = std::max(last, c.end);
        o.copy_s += c.runSeconds();
        cl_ulong during = 0;
        for (const auto& [from, to] : busy)
            if (from < c.end && to > c.start)
                during += std::min(to, c.end) - std::max(from, c.start);
        o.hidden_s += static_cast<double>(during) * 1e-9;
    }
    o.span_s = static_cast<double>(last - first) * 1e-9;
    return o;
}

CheckResult withPhases(CheckResult check, const PhaseRow& t, const std::string& times, const std::string& hint)
{
    if (check.ok && !(t.whole > 0 && t.whole >= t.kernel && t.whole >= t.write && t.whole >= t.read)) {
        check.ok = false;
        check.problem = "the result is right, but " + times + " do not fit: whole " + formatTime(t.whole) +
                        " must be more than 0 and hold the writes, the kernel and the reads (" + hint + ")";
    }
    return check;
}

void printPhases(std::ostream& out, const std::vector<PhaseRow>& rows, int runs,
                 const std::function<double(double, double)>& speedup)
{
    const double infinite = std::numeric_limits<double>::infinity();
    out << "device time of one run (medians of " << runs << "); p = kernel / whole; "
        << "whole-program speedup for a kernel s times faster\n";
    out << std::left << std::setw(8) << "program" << std::right << std::setw(13) << "writes" << std::setw(13)
        << "kernel" << std::setw(13) << "reads" << std::setw(13) << "whole" << std::setw(7) << "p" << std::setw(9)
        << "s = 10" << std::setw(9) << "s = inf" << "\n";
    for (const PhaseRow& t : rows) {
        const double p = t.kernel / t.whole;
        out << std::left << std::setw(8) << t.name << std::right << std::setw(13) << formatTime(t.write)
            << std::setw(13) << formatTime(t.kernel) << std::setw(13) << formatTime(t.read) << std::setw(13)
            << formatTime(t.whole) << std::fixed << std::setprecision(2) << std::setw(7) << p << std::setw(9)
            << speedup(p, 10) << std::setw(9) << speedup(p, infinite) << "\n";
    }
}

void printPinnedAgainstPageable(std::ostream& out, const PhaseRow& pageable, const PhaseRow& pinned)
{
    out << "vadd from pinned host arrays: copies (writes + reads) " << formatTime(pageable.write + pageable.read)
        << " -> " << formatTime(pinned.write + pinned.read) << ", p " << pageable.kernel / pageable.whole << " -> "
        << pinned.kernel / pinned.whole << "; whole-program speedup (whole / whole): " << pageable.whole / pinned.whole
        << "\n";
}

void printLawAgainstMeasurement(std::ostream& out, const std::string& what, const std::string& ratio,
                                const PhaseRow& base, const PhaseRow& faster,
                                const std::function<double(double, double)>& speedup)
{
    const double p = base.kernel / base.whole, s = base.kernel / faster.kernel;
    out << what << ": kernel speedup s = " << s << " (" << ratio << ")\n"
        << "  whole-program speedup predicted by Amdahl's law with p = " << p << ": " << speedup(p, s)
        << "; measured (whole / whole): " << base.whole / faster.whole << "\n";
}

std::vector<ProgramCommands> timeProgram(const cl::CommandQueue& queue, const std::vector<HostInput>& inputs,
                                         const cl::Kernel& kernel, const cl::NDRange& global, const cl::NDRange& local,
                                         const cl::Buffer& result, float* out, std::size_t count,
                                         const Repeats& repeats)
{
    cl::CommandQueue q = queue;
    std::vector<ProgramCommands> timed;
    const int runs = repeats.warmups + std::max(repeats.runs, 1);
    for (int run = 0; run < runs; ++run) {
        std::vector<cl::Event> writes(inputs.size()), reads(1);
        cl::Event done;
        for (std::size_t i = 0; i < inputs.size(); ++i)
            q.enqueueWriteBuffer(inputs[i].device, CL_FALSE, 0, sizeof(float) * inputs[i].count, inputs[i].host,
                                 nullptr, &writes[i]);
        q.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &done);
        q.enqueueReadBuffer(result, CL_FALSE, 0, sizeof(float) * count, out, nullptr, &reads[0]);
        q.finish();
        if (run < repeats.warmups)
            continue;
        ProgramCommands commands{{}, timesOf("kernel", done), {}};
        for (const cl::Event& e : writes)
            commands.writes.push_back(timesOf("write", e));
        for (const cl::Event& e : reads)
            commands.reads.push_back(timesOf("read", e));
        timed.push_back(commands);
    }
    return timed;
}

std::vector<ProgramCommands> timeVadd(const cl::CommandQueue& queue, const cl::Kernel& vadd, const float* a,
                                      const float* b, float* c, std::size_t n, const Repeats& repeats)
{
    const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
    const cl::Context context = queue.getInfo<CL_QUEUE_CONTEXT>();
    // Memory: the buffers, empty; every run writes A and B into them.
    cl::Buffer d_a(context, CL_MEM_READ_ONLY, sizeof(float) * n), d_b(context, CL_MEM_READ_ONLY, sizeof(float) * n);
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, sizeof(float) * n);
    cl::Kernel kernel = vadd;
    kernel.setArg(0, d_a);
    kernel.setArg(1, d_b);
    kernel.setArg(2, d_c);
    kernel.setArg(3, static_cast<cl_int>(n));
    const std::size_t local = localSize(kernel, device, 256);
    return timeProgram(queue, {{d_a, a, n}, {d_b, b, n}}, kernel, cl::NDRange(roundUp(n, local)), cl::NDRange(local),
                       d_c, c, n, repeats);
}

std::vector<ProgramCommands> timeMatmul(const cl::CommandQueue& queue, const cl::Kernel& matmul,
                                        const std::vector<float>& a, const std::vector<float>& b, float* c,
                                        std::size_t m, std::size_t n, std::size_t k, std::size_t side,
                                        const Repeats& repeats)
{
    if (a.size() != m * k || b.size() != k * n || m * n * k == 0)
        throw Failure("amdahl: matmul inputs do not match M = " + std::to_string(m) + ", N = " + std::to_string(n) +
                      ", K = " + std::to_string(k));
    const cl::Device device = queue.getInfo<CL_QUEUE_DEVICE>();
    const cl::Context context = queue.getInfo<CL_QUEUE_CONTEXT>();
    cl::Kernel kernel = matmul;
    const std::size_t largest = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    if (largest < side * side)
        throw Failure("amdahl: the matmul needs work-groups of " + std::to_string(side) + " x " + std::to_string(side) +
                      "; this device allows the kernel " + std::to_string(largest));
    cl::Buffer d_a(context, CL_MEM_READ_ONLY, sizeof(float) * a.size());
    cl::Buffer d_b(context, CL_MEM_READ_ONLY, sizeof(float) * b.size());
    cl::Buffer d_c(context, CL_MEM_WRITE_ONLY, sizeof(float) * m * n);
    kernel.setArg(0, static_cast<cl_int>(m));
    kernel.setArg(1, static_cast<cl_int>(n));
    kernel.setArg(2, static_cast<cl_int>(k));
    kernel.setArg(3, d_a);
    kernel.setArg(4, d_b);
    kernel.setArg(5, d_c);
    return timeProgram(queue, {{d_a, a.data(), a.size()}, {d_b, b.data(), b.size()}}, kernel,
                       cl::NDRange(roundUp(n, side), roundUp(m, side)), cl::NDRange(side, side), d_c, c, m * n,
                       repeats);
}

void requireWholeVadd(const cl::Device& device, std::size_t n)
{
    const double vector = sizeof(float) * static_cast<double>(n);
    requireBuffers(device, vector, 6, "vadd of " + std::to_string(n) + " elements");
    requireHostMemory(hostBytes(device, 7 * vector, 6 * vector), "vadd of " + std::to_string(n) + " elements");
}

void reportWholeRun(Report& report, std::vector<PhaseRow>& rows, const PhaseRow& row, const std::string& name,
                    const std::string& size, const CheckResult& check, double bytes, double flops)
{
    rows.push_back(row);
    const CheckResult checked = withPhases(check, row, "phasesOf's times", "is amdahl.cpp still the starter?");
    for (const auto& [part, seconds] :
         {std::pair{", kernel alone", row.kernel}, std::pair{", whole program", row.whole}})
        if (flops > 0)
            report.flops(name + part, size, checked, {seconds, 0}, flops);
        else
            report.bandwidth(name + part, size, checked, {seconds, 0}, bytes);
}

void printAmdahlSummary(std::ostream& out, const std::vector<PhaseRow>& rows, const std::string& prediction,
                        const std::string& blocked, const std::function<double(double, double)>& speedup)
{
    const auto row = [&](const std::string& name) -> const PhaseRow* {
        for (const PhaseRow& r : rows)
            if (r.name == name)
                return &r;
        return nullptr;
    };
    // Step 4's prediction against this run's own p, under the table (never the answer itself). The
    // last line says only whether a prediction is made, so that an output shown before step 4 is
    // answered can end with it and leave the table and this line out.
    if (!prediction.empty() && row("vadd") && row("matmul")) {
        const double vaddP = row("vadd")->kernel / row("vadd")->whole,
                     matmulP = row("matmul")->kernel / row("matmul")->whole;
        const std::string larger = matmulP >= vaddP ? "matmul" : "vadd";
        out << "this run's p against your step 4: " << (prediction == larger ? "agrees" : "does not agree") << "\n";
    }
    if (row("vadd") && row("pinned"))  // the pinned row is there once step 7 is written
        printPinnedAgainstPageable(out, *row("vadd"), *row("pinned"));
    if (row("matmul") && row("blocked"))  // the law against a measurement
        printLawAgainstMeasurement(out, blocked, "element kernel / blocked kernel", *row("matmul"), *row("blocked"),
                                   speedup);
    out << "your prediction of step 4 (worthAFasterKernel in amdahl.cpp): "
        << (prediction.empty() ? "not made yet"
                               : "made; the tests check it for a GPU, the line under the table against this run's p")
        << "\n";
}

}  // namespace hoc
