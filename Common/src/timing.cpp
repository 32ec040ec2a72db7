#include "hoc/common/timing.hpp"

#include <algorithm>
#include <numeric>

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

double medianSecondsOrZero(const cl::CommandQueue& queue, const Repeats& repeats,
                           const std::function<EventSpan()>& enqueue)
{
    bool untimed = false;
    const double seconds = medianSeconds(repeats, [&] {
        EventSpan span = enqueue();
        if (span.first() == nullptr || span.second() == nullptr) {
            untimed = true;
            cl::Event marker;
            queue.enqueueMarkerWithWaitList(nullptr, &marker);
            span = {marker, marker};
        }
        return span;
    });
    return untimed ? 0 : seconds;
}

RunSplit splitMedianRun(const std::vector<double>& spans, const std::vector<std::vector<cl::Event>>& runs)
{
    std::vector<std::size_t> order(spans.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto middle = order.begin() + static_cast<std::ptrdiff_t>((order.size() - 1) / 2);
    std::nth_element(order.begin(), middle, order.end(),
                     [&](std::size_t a, std::size_t b) { return spans[a] < spans[b]; });
    RunSplit split;
    split.betweenSeconds = spans[*middle];
    for (const cl::Event& command : runs[runs.size() - spans.size() + *middle]) {
        split.commandSeconds.push_back(eventSeconds(command));
        split.betweenSeconds -= split.commandSeconds.back();
    }
    return split;
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
