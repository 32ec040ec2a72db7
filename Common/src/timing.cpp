#include "hoc/common/timing.hpp"

#include <algorithm>

#include "hoc/common/watchdog.hpp"

namespace hoc {

double eventSeconds(const cl::Event& event)
{
    event.wait();
    const auto start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return static_cast<double>(end - start) * 1e-9;
}

double eventSpanSeconds(const cl::Event& first, const cl::Event& last)
{
    last.wait();
    const auto start = first.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return static_cast<double>(end - start) * 1e-9;
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

std::vector<double> runSeconds(const Repeats& repeats, const std::function<EventSpan()>& enqueue)
{
    std::vector<double> times;
    for (int run = 0; run < repeats.warmups + std::max(1, repeats.runs); ++run) {
        const EventSpan span = enqueue();
        const double seconds = eventSpanSeconds(span.first, span.second);
        watchdog::progress();
        if (run >= repeats.warmups)
            times.push_back(seconds);
    }
    return times;
}

double medianSeconds(const Repeats& repeats, const std::function<EventSpan()>& enqueue)
{
    return median(runSeconds(repeats, enqueue));
}

double medianAgainstBest(const Repeats& repeats, const std::function<EventSpan()>& enqueue, double& best)
{
    std::vector<double> times = runSeconds({repeats.warmups, 1}, enqueue);
    if (best > 0 && times[0] > 3 * best)
        return times[0];
    const std::vector<double> rest = runSeconds({0, repeats.runs - 1}, enqueue);
    times.insert(times.end(), rest.begin(), rest.end());
    const double seconds = median(times);
    best = best > 0 ? std::min(best, seconds) : seconds;
    return seconds;
}

}  // namespace hoc
