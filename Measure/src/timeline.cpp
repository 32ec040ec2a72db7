#include "hoc/measure/timeline.hpp"

#include <algorithm>
#include <limits>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <utility>

#include "hoc/common/errors.hpp"
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

}  // namespace

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

}  // namespace hoc
